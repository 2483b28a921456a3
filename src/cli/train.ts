/**
 * Headless training: `npm run train -- <document.json> --dataset iris --epochs 400 --batch 1
 * --seed 2 --engine tfjs-cpu|tfjs-wasm|typed --out model.json`. One progress line per epoch,
 * then the trained model file. Given a model file instead, training resumes from its weights
 * and optimiser state for `--epochs` more (docs/model-format.md); given an ONNX file, from its
 * weights on its own or the `--dataset` binding (docs/cli.md, "ONNX files"). Exit codes (docs/cli.md): 2 for
 * a usage mistake (bad option, unreadable file, an --out that cannot be written), 1 when the
 * document does not compile or training fails — a loss or weight that stops being finite fails
 * it, naming the box, and no model is written — 0 otherwise. A loss that grows by orders of
 * magnitude (learn/divergence.ts) is warned of on stderr as it happens and again beside the
 * model written.
 */
import type { Dataset } from '../data/dataset';
import type { LensDocument } from '../io/document';
import type { DatasetRef } from '../io/modelSchema';
import { DivergenceWatch, epochLoss } from '../learn/divergence';
import type { TrainerSnapshot } from '../learn/modelFile';
import type { EngineName } from '../learn/runners/types';
import { rateOver } from '../learn/stepRate';
import type { Trainer } from '../learn/trainer';
import type { EpochMetrics, TrainResult } from '../learn/trainerTypes';
import type { OpenedFile } from '../model/openFile';
import { parseTrainArgs, type TrainArgs, USAGE } from './args';
import { CliError, refused, runCommand, usageError } from './command';
import { startEngine } from './engine';
import { modelOut } from './modelOut';
import { onnxOnDataset } from './onnxDataset';
import { outFileProblem, writeFileOrRescue } from './outputs';
import { describeErrors, readInput } from './readInput';

const fmt = (x: number | null | undefined, digits = 4) => (x === null || x === undefined ? '—' : x.toFixed(digits));

/**
 * One progress line; `before` is the epochs a resumed model had done, so a resumed run counts
 * from 1. Its steps per second are the panel's: over the trainer's last half second of training
 * or more, "—" before it has trained that long (learn/stepRate.ts), never one short epoch's own.
 */
export function epochLine(e: EpochMetrics, epochs: number, before: number, stepsPerSecond: number | null): string {
  const test = e.test ? `  test loss ${fmt(e.test.loss)} acc ${fmt(e.test.accuracy, 3)}` : '';
  const train = e.train ?? e.running;
  const rate = stepsPerSecond === null ? '—' : Math.round(stepsPerSecond);
  return `epoch ${String(e.epoch + 1 - before).padStart(String(epochs).length)}/${epochs}  loss ${fmt(train.loss)}  acc ${fmt(train.accuracy, 3)}${test}  ${rate} steps/s`;
}

/**
 * The end's line: the steps this run took in its seconds (a resumed model's earlier steps took
 * none of them), and their rate when it trained long enough to tell.
 */
export function doneLine(result: TrainResult, stepsBefore: number): string {
  const ran = result.steps - stepsBefore;
  const rate = rateOver(ran, 1000 * result.seconds);
  const timed = `${stepsBefore > 0 ? `; the last ${ran}` : ''} in ${result.seconds.toFixed(2)} s`;
  const test = result.test ? `, test accuracy ${fmt(result.test.accuracy, 3)}` : '';
  return `${result.status}: ${result.steps} steps${timed}${rate === null ? '' : ` (${Math.round(rate)} steps/s)`}; training accuracy ${fmt(result.train.accuracy, 3)}${test}`;
}

/** The training settings the options give; the document's (or the model file's) stand for the rest. */
function settingsOf(args: TrainArgs, engine: EngineName) {
  return {
    engine,
    ...(args.epochs !== undefined ? { epochs: args.epochs } : {}),
    ...(args.batch !== undefined ? { batchSize: args.batch } : {}),
    ...(args.seed !== undefined ? { seed: args.seed } : {}),
    ...(args.testFraction !== undefined ? { testFraction: args.testFraction } : {}),
    ...(args.lr !== undefined ? { optimiser: { learningRate: args.lr } } : {}),
  };
}

/** Follows the run's losses: the first step's, then each epoch's (learn/divergence.ts); warns as it diverges. */
function watchDivergence(trainer: Trainer): DivergenceWatch {
  const watch = new DivergenceWatch();
  const off = trainer.onStep((m) => {
    watch.first(m.loss);
    off();
  });
  trainer.onEpoch((e) => {
    const found = watch.epoch(e.epoch, epochLoss(e));
    if (found) console.warn(`warning: ${found.message}`);
  });
  return watch;
}

interface Trained {
  readonly document: LensDocument;
  readonly dataset: Dataset;
  readonly trainer: Trainer;
  readonly result: TrainResult;
}

/** What the model file keeps of a run; its dataset is the model file's own, the --dataset, or the document's. */
function snapshotOf(
  opened: OpenedFile,
  args: TrainArgs,
  { document, dataset, trainer, result }: Trained,
  datasetRecord: (dataset: Dataset, binding: { id: string; options?: object }) => DatasetRef,
): TrainerSnapshot {
  const binding =
    opened.kind === 'model'
      ? opened.model.trainingConfig.dataset
      : args.dataset
        ? { id: args.dataset, options: {} }
        : (document.dataset ?? { id: '', options: {} });
  return {
    document,
    dataset: datasetRecord(dataset, binding),
    trainer,
    epochsDone: result.epochs,
    stepsDone: result.steps,
    metrics: { train: result.train, test: result.test },
  };
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const parsed = parseTrainArgs(argv);
  if (!parsed.ok) throw usageError(parsed.error, USAGE);
  const args = parsed.args;
  const read = await readInput(args.document);
  if (read.kind === 'error') throw refused(`${args.document}: ${describeErrors(read)}`);
  const opened =
    read.kind === 'model' && read.from === 'onnx' ? onnxOnDataset(read, args.document, args.dataset) : read;
  if (opened.kind === 'model' && opened.from !== 'onnx' && args.dataset)
    throw refused("--dataset cannot change a model's dataset");
  // before any work: a run must not end with nowhere to put its weights
  const outProblem = args.out === undefined ? null : outFileProblem('--out', args.out, true);
  if (outProblem) throw refused(outProblem);
  const engine = await startEngine(args.engine).catch((e: Error) => {
    throw new CliError(`engine ${args.engine}: ${e.message}`);
  });
  const { openSession } = await import('../learn/session');
  const { openModelSession } = await import('../learn/modelSession');
  const { loadDatasetNode } = await import('../data/catalogNode');
  const { datasetRecord, modelParts } = await import('../learn/modelFile');
  const settings = settingsOf(args, engine);
  const session = await (opened.kind === 'model'
    ? openModelSession(
        {
          ...opened,
          settings: { epochs: opened.model.diagram.training?.epochs ?? 1, ...settings },
          given: opened.from === 'onnx',
        },
        loadDatasetNode,
      )
    : openSession(
        { document: opened.doc, dataset: args.dataset ? { id: args.dataset } : undefined, settings },
        loadDatasetNode,
      )
  ).catch((e: Error) => {
    throw new CliError(`${args.document}: ${e.message}`);
  });
  const { trainer, dataset, document } = session;
  const { epochs } = trainer.settings;
  const before = opened.kind === 'model' ? opened.model.trainingConfig.epochsDone : 0;
  const model = trainer.learner.model;
  console.log(`${document.name}: ${model.term}`);
  console.log(
    `${dataset.name}: ${trainer.train.n} training rows${trainer.test ? `, ${trainer.test.n} test rows` : ''}; engine ${trainer.engine}; ${trainer.learner.optimiser.kind}, ${trainer.learner.loss.kind}`,
  );
  if (opened.kind === 'model' && opened.note) console.log(opened.note);
  if (!args.quiet) trainer.onEpoch((e) => console.log(epochLine(e, epochs, before, trainer.stepsPerSecond())));
  const divergence = watchDivergence(trainer);
  const result = await trainer.run();
  if (result.failure) {
    trainer.dispose();
    throw new CliError(`${args.document}: ${result.failure.message}; no model written`);
  }
  console.log(doneLine(result, opened.kind === 'model' ? opened.model.trainingConfig.stepsDone : 0));
  if (divergence.divergence) console.warn(`warning: ${args.document}: ${divergence.divergence.message}`);
  const out = args.out
    ? modelOut(args.out, modelParts(snapshotOf(opened, args, { document, dataset, trainer, result }, datasetRecord)))
    : null;
  // written before the trainer lets go of its arrays: the archive's chunks are their own bytes
  const written = out && writeFileOrRescue(out.path, out.data, `the trained model to ${out.path}`);
  trainer.dispose();
  if (out && written) {
    if (!written.ok) throw new CliError(written.error);
    console.log(`wrote ${out.path}${out.note}`);
  }
  return 0;
}

runCommand(main, import.meta.url);
