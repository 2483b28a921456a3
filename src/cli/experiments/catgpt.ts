/**
 * `npm run experiment -- catgpt [--steps n] [--config full|tiny] [--engine typed|typed64]
 * [--learning-rate r] [--check-torch]` (docs/transformer.md): CatGPT drawn by the gallery's builder,
 * trained with plain SGD on the `text` set's windows in order, one loss per step. With
 * --check-torch, the same steps (at most 20) are run by PyTorch on Lensboard's PyTorch export of
 * the network from the same initial weights, and both losses are printed.
 */
import { CATGPT_FULL, CATGPT_TINY, type CatgptConfig, catgptParameters } from '../../io/examples/transformer';
import { type Flag, type Parsed, parseFlags, parsing } from '../flags';
import { lensboardLosses, prepareCatgpt, torchAvailable, torchLosses } from './catgptSteps';

/** CatGPT's own parameter count at its vocabulary of 65 (tiny Shakespeare). */
export const CATGPT_REFERENCE_PARAMETERS = 2_704_128;
const TORCH_STEPS = 20;

export interface CatgptArgs {
  readonly steps: number;
  readonly config: 'full' | 'tiny';
  readonly engine: 'typed' | 'typed64';
  /** SGD's rate on the mean loss over a batch's positions, as CatGPT states it. */
  readonly learningRate: number;
  readonly checkTorch: boolean;
}

export const catgptUsage = `usage: npm run experiment -- catgpt [options]
  --steps <n>            SGD steps (default 100), each on the next batch of text windows
  --config <name>        full (batch 64, context 32, width 384, 6 heads, 6 blocks; default) | tiny (the gallery's)
  --engine <name>        typed (float32, default) | typed64 (float64)
  --learning-rate <r>    SGD's rate on the mean loss per position (default 0.1, CatGPT's); Lensboard's loss
                         is the sum over the batch's positions, so it steps at r / (batch × context)
  --check-torch          also run the first ${TORCH_STEPS} steps (or fewer) in PyTorch (/usr/bin/python3) on
                         Lensboard's PyTorch export of the network, from the same weights, and print both losses
  --debug                on an error, print its stack trace too`;

const FLAGS: Record<string, Flag> = {
  steps: { kind: 'int', key: 'steps', min: 1, max: 1_000_000 },
  config: { kind: 'choice', key: 'config', choices: ['full', 'tiny'] },
  engine: { kind: 'choice', key: 'engine', choices: ['typed', 'typed64'] },
  'learning-rate': { kind: 'number', key: 'learningRate', min: 0, above: true },
  'check-torch': { kind: 'switch', key: 'checkTorch' },
};

export function parseCatgptArgs(argv: readonly string[]): Parsed<CatgptArgs> {
  return parsing(() => {
    const { positional, values } = parseFlags(argv, FLAGS);
    if (positional.length > 0) throw new Error(`catgpt takes options only, got ${positional.join(' ')}`);
    return {
      steps: 100,
      config: 'full',
      engine: 'typed',
      learningRate: 0.1,
      checkTorch: false,
      ...values,
    } as CatgptArgs;
  });
}

const fixed = (x: number) => x.toFixed(6);

/** The run's lines, printed as they come; the exit code. */
export async function runCatgpt(args: CatgptArgs, print: (line: string) => void): Promise<number> {
  const base = args.config === 'full' ? CATGPT_FULL : CATGPT_TINY;
  const positions = base.batchSize * base.context;
  const config: CatgptConfig = {
    ...base,
    optimiser: { kind: 'gd', learningRate: args.learningRate / positions },
  };
  const p = await prepareCatgpt(config, args.steps);
  const at65 = catgptParameters({ ...config, vocab: 65 });
  print(
    `catgpt (${args.config}): vocabulary ${config.vocab}, batch ${config.batchSize}, context ${config.context}, width ${config.width}, ${config.heads} heads, ${config.blocks} blocks`,
  );
  print(
    `parameters: ${p.parameters.toLocaleString('en')} (${at65.toLocaleString('en')} at vocabulary 65; CatGPT's own: ${CATGPT_REFERENCE_PARAMETERS.toLocaleString('en')}, without positions, output projection, MLP or layer-norm weights)`,
  );
  print(
    `plain SGD, ${args.learningRate} on the mean loss per position = ${config.optimiser.learningRate.toExponential(4)} on the sum over ${positions} positions; engine ${args.engine}`,
  );
  const dtype = args.engine === 'typed64' ? 'float64' : 'float32';
  const torchSteps = Math.min(args.steps, TORCH_STEPS);
  if (args.checkTorch && !torchAvailable()) throw new Error('--check-torch: /usr/bin/python3 cannot import torch');
  const ours = lensboardLosses(p, dtype, (s, l) =>
    print(`step ${s}: loss ${fixed(l / positions)} per position (sum ${l.toFixed(3)})`),
  );
  if (!args.checkTorch) return Number.isFinite(ours[ours.length - 1]) ? 0 : 1;
  const torch = torchLosses({ ...p, batches: p.batches.slice(0, torchSteps) });
  const theirs = dtype === 'float64' ? torch.float64 : torch.float32;
  print(`PyTorch (${dtype}) on the same batches from the same weights, loss per position:`);
  let worst = 0;
  theirs.forEach((t, i) => {
    const rel = Math.abs(ours[i] - t) / Math.abs(t);
    worst = Math.max(worst, rel);
    print(
      `step ${i + 1}: lensboard ${fixed(ours[i] / positions)}  pytorch ${fixed(t / positions)}  relative ${rel.toExponential(2)}`,
    );
  });
  const bound = dtype === 'float64' ? 1e-10 : 1e-4;
  print(
    `largest relative difference ${worst.toExponential(2)} (bound ${bound}): ${worst < bound ? 'agree' : 'DIFFER'}`,
  );
  return worst < bound ? 0 : 1;
}
