/**
 * `npm run experiment -- <name> [--seeds 10] [--engine typed|typed64|tfjs-cpu|tfjs-wasm] [--epochs N]`:
 * the paper's experiments from their example documents, with the figures its code reaches.
 *   iris-simple, iris-hidden: training accuracy per seed, and how many seeds reach 0.96 / 0.98;
 *   mnist-conv, mnist-mlp: test accuracy per epoch on the fixed 8,000 / 2,000 split;
 *   rda-iris2, rda-iris3: Reverse Derivative Ascent's Table 1, on the UCI and the corrected Iris rows;
 *   catgpt: a transformer trained with SGD, its loss per step, optionally beside PyTorch's (its own options).
 * Exit codes (docs/cli.md): 0 for --help, 2 for a usage mistake, 1 when a run fails or misses the
 * paper's figure, 0 otherwise.
 */
import { CliError, runCommand, usageError } from './command';
import { startEngine } from './engine';
import { parseExperimentArgs, usage } from './experiments/args';
import { EXPERIMENTS, experimentNames } from './experiments/catalog';
import { epochLine, seedLine, tally } from './experiments/report';
import type { EpochLine, SeedResult } from './experiments/runs';

export async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'catgpt') return catgpt(argv.slice(1));
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage(experimentNames));
    return 0;
  }
  const parsed = parseExperimentArgs(argv, experimentNames);
  if (!parsed.ok) throw usageError(parsed.error, usage(experimentNames));
  const args = parsed.args;
  const exp = EXPERIMENTS.find((e) => e.name === args.name)!;
  if (exp.report === 'rda') {
    const { rdaLines } = await import('./experiments/rdaReport');
    const lines = await rdaLines(exp);
    for (const l of lines) console.log(l);
    return lines.some((l) => l.endsWith('MISSED')) ? 1 : 0;
  }
  // the training stack loads once the arguments are known good: a mistake is answered at once
  const { runSeed } = await import('./experiments/runs');
  const engine = await startEngine(args.engine).catch((e: Error) => {
    throw new CliError(`engine ${args.engine}: ${e.message}`);
  });
  const seeds = Array.from({ length: args.seeds ?? exp.defaultSeeds }, (_, i) => args.firstSeed + i);
  console.log(`${exp.name}: ${exp.description}`);
  console.log(`engine ${args.engine}; seeds ${seeds.join(', ')}${args.epochs ? `; ${args.epochs} epochs` : ''}`);
  const results: SeedResult[] = [];
  for (const seed of seeds) {
    const onEpoch = exp.report === 'test' ? (e: EpochLine) => console.log(epochLine(e)) : undefined;
    if (exp.report === 'test') console.log(`seed ${seed}:`);
    const r = await runSeed(exp, seed, { engine, epochs: args.epochs, onEpoch });
    results.push(r);
    console.log(seedLine(r));
  }
  const lines = tally(exp, results);
  for (const l of lines) console.log(l);
  return lines.some((l) => l.endsWith('MISSED')) ? 1 : 0;
}

/** CatGPT's run has options of its own (./experiments/catgpt.ts). */
async function catgpt(argv: readonly string[]): Promise<number> {
  const { catgptUsage, parseCatgptArgs, runCatgpt } = await import('./experiments/catgpt');
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(catgptUsage);
    return 0;
  }
  const parsed = parseCatgptArgs(argv);
  if (!parsed.ok) throw usageError(parsed.error, catgptUsage);
  return runCatgpt(parsed.args, (line) => console.log(line));
}

runCommand(main, import.meta.url);
