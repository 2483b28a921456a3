/**
 * Suite `bigmodel`: a model of real size leaves and comes back (docs/model-format.md, *The
 * archive*). An MLP 784-h-h-10 of about `--params` parameters (100 M by default: h = 9,600) is
 * built, trained one step with Adam on the typed engine (headless, 16 rows of noise bound as
 * MNIST), written as a `.lensboard` archive, exported to PyTorch, ONNX (its weights as external
 * data) and tfjs, and opened back through the CLI's door. Each stage reports its time, the
 * process's peak resident memory during it (the kernel's high-water mark, reset before each
 * stage) and that peak over the weights' bytes (parameters and Adam's state). Then a 25 M one
 * (`--app-params`) is opened through the app's reader (a Blob, as a picked File is read) as a
 * proxy for the page, with what its progress bar shows.
 */
import { spawnSync } from 'node:child_process';
import { openAsBlob, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelOut } from '../../src/cli/modelOut';
import { writeFileOrRescue } from '../../src/cli/outputs';
import { makeDataset } from '../../src/data/dataset';
import type { LensDocument } from '../../src/io/document';
import { blobSource } from '../../src/io/modelArchive';
import { datasetRecord, modelParts } from '../../src/learn/modelFile';
import { openSession } from '../../src/learn/session';
import { openSource } from '../../src/model/openFile';
import { type Stage, stage } from '../shared/stages';
import { type BenchRow, goalNote, megabytes } from '../shared/table';

/** The goal: no stage's peak above this many times the weights' bytes. */
const PEAK_GOAL = 3;
const ROWS = 16;

/** The hidden width h of 784-h-h-10 nearest `params` parameters: h² + 796h + 10 ≈ params. */
export const hiddenFor = (params: number): number => Math.round((-796 + Math.sqrt(796 ** 2 + 4 * (params - 10))) / 2);
export const mlpParams = (h: number): number => 784 * h + h + h * h + h + h * 10 + 10;

/** MNIST's MLP drawn as the gallery draws it, with two hidden layers of `h`: linear ; bias ; relu. */
export function bigMlpDocument(h: number): LensDocument {
  const sizes = [784, h, h, 10];
  const boxes: object[] = [{ id: 'x', generator: 'input', config: {}, position: { x: 0, y: 220 } }];
  const wires: object[] = [];
  let from = { box: 'x', port: 'x' };
  const wire = (a: { box: string; port: string }, box: string, port: string) =>
    wires.push({ id: `w${wires.length + 1}`, from: a, to: { box, port } });
  for (let k = 1; k < sizes.length; k++) {
    const [n, m] = [sizes[k - 1], sizes[k]];
    const x = 190 * k;
    boxes.push(
      { id: `lin${k}`, generator: 'linear', config: { in: n, out: m }, position: { x, y: 220 } },
      { id: `W${k}`, generator: 'parameter', config: { shape: [n, m], init: { kind: 'he' } }, position: { x, y: 70 } },
      { id: `bias${k}`, generator: 'bias', config: {}, position: { x: x + 60, y: 220 } },
      {
        id: `b${k}`,
        generator: 'parameter',
        config: { shape: [m], init: { kind: 'zeros' } },
        position: { x: x + 60, y: 70 },
      },
    );
    wire(from, `lin${k}`, 'x');
    wire({ box: `W${k}`, port: 'W' }, `lin${k}`, 'W');
    wire({ box: `lin${k}`, port: 'y' }, `bias${k}`, 'x');
    wire({ box: `b${k}`, port: 'W' }, `bias${k}`, 'b');
    from = { box: `bias${k}`, port: 'y' };
    if (k < sizes.length - 1) {
      boxes.push({ id: `relu${k}`, generator: 'relu', config: {}, position: { x: x + 120, y: 220 } });
      wire(from, `relu${k}`, 'x');
      from = { box: `relu${k}`, port: 'y' };
    }
  }
  boxes.push(
    { id: 'yhat', generator: 'output', config: {}, position: { x: 900, y: 220 } },
    { id: 'y', generator: 'label', config: {}, position: { x: 900, y: 320 } },
    { id: 'loss', generator: 'loss', config: { kind: 'softmax-cross-entropy' }, position: { x: 1000, y: 220 } },
  );
  wire(from, 'yhat', 'ŷ');
  wire(from, 'loss', 'ŷ');
  wire({ box: 'y', port: 'y' }, 'loss', 'y');
  return {
    format: 'lensboard-document',
    version: 1,
    name: `MLP 784-${h}-${h}-10`,
    boxes,
    wires,
    groups: [],
    dataset: { id: 'mnist', options: {} },
    training: {
      loss: 'softmax-cross-entropy',
      optimiser: { kind: 'adam', learningRate: 0.001 },
      batchSize: ROWS,
      epochs: 1,
      seed: 1,
      testFraction: 0,
    },
  } as unknown as LensDocument;
}

/** 16 rows of noise in MNIST's shapes, so that one epoch is one step and its metrics cost nothing. */
function noise() {
  const features = new Float32Array(ROWS * 784).map((_, i) => ((i * 2654435761) % 1000) / 1000);
  const labels = new Float32Array(ROWS * 10);
  for (let r = 0; r < ROWS; r++) labels[r * 10 + (r % 10)] = 1;
  return makeDataset({
    name: 'mnist',
    description: 'noise in the shape of MNIST',
    task: 'classification',
    featureShape: [784],
    labelShape: [10],
    labelEncoding: 'onehot',
    classes: Array.from({ length: 10 }, (_, i) => String(i)),
    features,
    labels,
  });
}

/** The stages of bigmodelReadBack.ts, run in a child process of its own. */
function readBack(path: string, out: string): Stage[] {
  const script = fileURLToPath(new URL('./bigmodelReadBack.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, path, out], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 2 ** 20,
  });
  if (run.status !== 0) throw new Error(`reading the archive back failed (exit ${run.status})`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as Stage[];
}

function flag(args: readonly string[], name: string, fallback: number): number {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : fallback;
}

/** The row label of a model of about `params` parameters: its count and widths. */
export function bigLabel(params: number): string {
  const h = hiddenFor(params);
  return `${(mlpParams(h) / 1e6).toFixed(1)} M (784-${h}-${h}-10)`;
}

/**
 * A model of about `params` parameters built, trained one step with Adam and written as a
 * `.lensboard` archive at `path`, each stage timed into `stages`; gives the weights' bytes
 * (parameters and Adam's state).
 */
export async function writeBigArchive(params: number, path: string, stages: Stage[]): Promise<number> {
  const dataset = noise();
  const document = bigMlpDocument(hiddenFor(params));
  const session = await stage(stages, 'build and initialise', () =>
    openSession({ document, settings: { engine: 'typed', evaluateEachEpoch: false } }, async () => dataset),
  );
  const result = await stage(stages, 'train one step (Adam)', () => session.trainer.run());
  const parts = modelParts({
    document: session.document,
    dataset: datasetRecord(dataset, { id: 'mnist', options: {} }),
    trainer: session.trainer,
    epochsDone: result.epochs,
    stepsDone: result.steps,
    metrics: { train: result.train, test: null },
  });
  await stage(stages, 'write .lensboard', () => {
    const out = modelOut(path, parts);
    const written = writeFileOrRescue(out.path, out.data, 'the archive');
    if (!written.ok) throw new Error(written.error);
  });
  session.trainer.dispose();
  return parts.weights.reduce((s, w) => s + w.data.byteLength, 0);
}

/** One model through every stage; `appReader` opens it through the page's reader instead of the CLI's. */
async function oneModel(params: number, appReader: boolean): Promise<BenchRow[]> {
  const label = bigLabel(params);
  process.stderr.write(`bigmodel ${label}\n`);
  const dir = await mkdtemp(join(tmpdir(), 'lensboard-bigmodel-'));
  const stages: Stage[] = [];
  try {
    const path = join(dir, 'big.lensboard');
    const weightBytes = await writeBigArchive(params, path, stages);
    const fileBytes = readFileSync(path).length;
    const rows: BenchRow[] = [];
    const row = (s: Stage, note = ''): BenchRow => ({
      suite: 'bigmodel',
      name: `${label}: ${s.name}`,
      value: s.ms / 1000,
      unit: 's',
      memory: `peak rss ${megabytes(s.peak)} = ${(s.peak / weightBytes).toFixed(2)}× weights (+${megabytes(Math.max(0, s.peak - s.before))} in the stage)`,
      note,
    });
    if (appReader) {
      const shown: number[] = [];
      const blob = await openAsBlob(path);
      const opened = await stage(stages, "open through the app's reader (Blob)", () =>
        openSource(blobSource(blob), {
          progress: (read, total) => {
            const p = Math.floor((read / total) * 100);
            if (shown.at(-1) !== p) shown.push(p);
          },
        }),
      );
      if (opened.kind !== 'model') throw new Error(`the archive does not open: ${JSON.stringify(opened)}`);
      const s = stages.at(-1) as Stage;
      rows.push(
        row(
          s,
          `the bar shows ${shown.length} steps: ${shown.slice(0, 6).join(', ')}${shown.length > 6 ? ', …' : ''}, 100%`,
        ),
      );
      return [...stages.slice(0, -1).map((x) => row(x)), ...rows];
    }
    // opened back and exported in a fresh process, so its peak is the file's, not the trainer's
    const child = readBack(path, join(dir, 'out'));
    const worst = child.reduce((a, b) => (b.peak > a.peak ? b : a));
    return [
      ...stages.map((s) => row(s)),
      ...child.map((s) => row(s)),
      {
        suite: 'bigmodel',
        name: `${label}: opened and exported in a fresh process, peak / weights' bytes`,
        value: worst.peak / weightBytes,
        unit: '×',
        note: `at ${worst.name}; weights ${megabytes(weightBytes)}, file ${megabytes(fileBytes)}; ${goalNote(worst.peak / weightBytes, PEAK_GOAL)}`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchBigModel(args: readonly string[]): Promise<BenchRow[]> {
  const params = flag(args, 'params', args.includes('--quick') ? 25e6 : 100e6);
  const appParams = flag(args, 'app-params', 25e6);
  return [...(await oneModel(params, false)), ...(await oneModel(appParams, true))];
}
