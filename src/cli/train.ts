/**
 * Headless training: `npm run train -- <document.json> --dataset iris --epochs 400 --batch 1
 * --seed 2 --engine tfjs-cpu|tfjs-wasm|typed --out model.json`. One progress line per epoch,
 * then the trained model file. Exit codes: 2 for a usage mistake (bad option, unreadable file),
 * 1 when the document does not compile or training fails — a loss or weight that stops being
 * finite fails it, naming the box, and no model is written — 0 otherwise.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { EpochMetrics } from '../learn/trainerTypes';
import { parseTrainArgs, USAGE } from './args';
import { startEngine } from './engine';

const fail = (code: number, message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

const fmt = (x: number | null | undefined, digits = 4) => (x === null || x === undefined ? '—' : x.toFixed(digits));

function epochLine(e: EpochMetrics, epochs: number): string {
  const test = e.test ? `  test loss ${fmt(e.test.loss)} acc ${fmt(e.test.accuracy, 3)}` : '';
  const train = e.train ?? e.running;
  return `epoch ${String(e.epoch + 1).padStart(String(epochs).length)}/${epochs}  loss ${fmt(train.loss)}  acc ${fmt(train.accuracy, 3)}${test}  ${Math.round(e.stepsPerSecond)} steps/s`;
}

async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseTrainArgs(argv);
  if (!parsed.ok) return fail(2, `error: ${parsed.error}\n\n${USAGE}`);
  const args = parsed.args;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(args.document, 'utf8'));
  } catch (e) {
    return fail(2, `error: cannot read ${args.document}: ${(e as Error).message}`);
  }
  const engine = await startEngine(args.engine).catch((e: Error) => fail(1, `error: ${e.message}`));
  const { openSession } = await import('../learn/session');
  const { loadDatasetNode } = await import('../data/catalogNode');
  const { modelFile } = await import('../learn/weights');
  const session = await openSession(
    {
      document: json,
      dataset: args.dataset ? { id: args.dataset } : undefined,
      settings: {
        engine,
        ...(args.epochs !== undefined ? { epochs: args.epochs } : {}),
        ...(args.batch !== undefined ? { batchSize: args.batch } : {}),
        ...(args.seed !== undefined ? { seed: args.seed } : {}),
        ...(args.testFraction !== undefined ? { testFraction: args.testFraction } : {}),
        ...(args.lr !== undefined ? { optimiser: { learningRate: args.lr } } : {}),
      },
    },
    loadDatasetNode,
  ).catch((e: Error) => fail(1, `error: ${args.document}:\n${e.message}`));
  const { trainer, dataset, document } = session;
  const model = trainer.learner.model;
  console.log(`${document.name}: ${model.term}`);
  console.log(
    `${dataset.name}: ${trainer.train.n} training rows${trainer.test ? `, ${trainer.test.n} test rows` : ''}; engine ${trainer.engine}; ${trainer.learner.optimiser.kind}, ${trainer.learner.loss.kind}`,
  );
  if (!args.quiet) trainer.onEpoch((e) => console.log(epochLine(e, trainer.settings.epochs)));
  const result = await trainer.run();
  if (result.failure) {
    trainer.dispose();
    return fail(1, `error: ${args.document}: ${result.failure.message}; no model written`);
  }
  console.log(
    `${result.status}: ${result.steps} steps in ${result.seconds.toFixed(2)} s (${Math.round(result.steps / result.seconds)} steps/s); training accuracy ${fmt(result.train.accuracy, 3)}${result.test ? `, test accuracy ${fmt(result.test.accuracy, 3)}` : ''}`,
  );
  if (args.out) {
    const training = {
      ...trainer.settings,
      hypers: trainer.hypers(),
      train: result.train,
      test: result.test,
      steps: result.steps,
    };
    writeFileSync(args.out, `${JSON.stringify(modelFile(document, model, trainer.weights(), training))}\n`);
    console.log(`wrote ${args.out}`);
  }
  trainer.dispose();
}

main(process.argv.slice(2)).catch((e: Error) => fail(1, `error: ${e.stack ?? e.message}`));
