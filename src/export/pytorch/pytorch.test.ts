/**
 * The PyTorch export computes what Lensboard computes (docs/export.md), checked with the
 * machine's torch (/usr/bin/python3, Debian's python3-torch) in float64 against Lensboard's
 * float64 engine: for every example PyTorch expresses (the others, on ℤ₂ wires, are refused naming
 * their generators, and their list is checked), and for XOR under every optimiser and loss,
 *   - model.py's predictions on 32 inputs, within 1e-5 relative;
 *   - the weights after each of three steps of train.py's train_step and optimiser (fresh state,
 *     so the first step checks the gradient and the later ones the optimiser's state), within 1e-6,
 *     and the last two again from the model file Lensboard writes after the first step (its
 *     weights and optimiser state, which train.py resumes from);
 * and train.py on Lensboard's XOR data for 100 steps in two spawned DistributedDataParallel
 * processes ends at the loss of one process on the same global batches, within 1e-5, and so does
 * the convolutional example in float32 where a process's share of a batch is uneven or empty,
 * and so does CatGPT, tiny, on text windows written as the Data panel writes them.
 * Every generator the op table maps is also run alone, its model.py against its forward on
 * the float64 engine, within 1e-10. One Python process runs every case (it spawns the two DDP
 * workers itself).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mulberry32, type Rng } from '../../core/init';
import { lower } from '../../core/program';
import { fullShape, shapeSize } from '../../core/shape';
import { createTypedEngine, type TypedTensor } from '../../engines/typed';
import type { LensDocument } from '../../io/document';
import { loadExample } from '../../io/examples/index';
import type { TrainingConfig } from '../../io/modelSchema';
import { hypersOf, type OptimiserKind } from '../../learn/optimisers/index';
import { documentModelFile } from '../../model/documentModelFile';
import { exampleGraph, galleryFor, refusedGenerators } from '../../testing/exportOracle';
import { type Expected, lensboard, plain, uniform } from '../../testing/lensboardSteps';
import { oneBox, POSITIVE_INPUTS } from '../../testing/oneBoxGraphs';
import { CATGPT_STEPS, DDP_STEPS, type DdpRun, ddpJobs, SHARES, variant, writePackage } from '../../testing/pytorchDdp';
import { exportGraph } from '../graph';
import { isRefusal, UnsupportedOpError } from '../opTable';
import { pytorchTarget } from './index';
import { modelPy, pytorchRefusal } from './modelPy';
import { PYTORCH_OPS } from './table';

const PYTHON = '/usr/bin/python3';
const ROWS = 32;
const BATCH = 8;
const STEPS = 3;

interface Case {
  readonly id: string;
  readonly doc: LensDocument;
}

const xorDoc = loadExample('xor');
const withOptimiser = (kind: OptimiserKind, settings: { learningRate: number; momentum?: number }) => ({
  id: `xor with ${kind}`,
  doc: variant(xorDoc, { optimiser: { kind, ...hypersOf(settings) } }),
});
const withLoss = (loss: TrainingConfig['loss']) => ({ id: `xor with ${loss}`, doc: variant(xorDoc, { loss }) });

/** The gallery as PyTorch's own check splits it: ℤ₂ circuits are refused (docs/export.md). */
const gallery = galleryFor(pytorchRefusal);
const REFUSED = {
  'parity-circuit': ['and', 'parity', 'reshape'],
  'rda-iris2': ['and', 'basis', 'broadcast', 'sumFeatures'],
  'rda-iris3': ['and', 'basis', 'broadcast', 'sumFeatures'],
};

const CASES: readonly Case[] = [
  ...gallery.expressed.map((id) => ({ id, doc: loadExample(id) })),
  withOptimiser('gd', { learningRate: 0.1 }),
  withOptimiser('momentum', { learningRate: 0.1, momentum: 0.9 }),
  withOptimiser('nesterov', { learningRate: 0.1, momentum: 0.9 }),
  withOptimiser('adagrad', { learningRate: 0.1 }),
  withLoss('mse'),
  withLoss('mse-mean'),
  withLoss('binary-cross-entropy'),
  withLoss('dot'),
];

/** Every generator the table maps to an expression (discard makes no value to compare). */
const MAPPED = Object.entries(PYTORCH_OPS)
  .filter(([gen, op]) => !isRefusal(op) && gen !== 'discard')
  .map(([gen]) => gen);
const FORWARD_BATCH = 3;

interface Forward {
  readonly inputs: TypedTensor[];
  readonly outputs: Float64Array[];
}

/** The generator's own forward on the float64 engine, and model.py of its one-box graph. */
function oneBoxForward(gen: string, dir: string, training: TrainingConfig, rng: Rng): Forward {
  const box = oneBox(gen, training);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'model.py'), modelPy(box.graph).text);
  const [low, high] = POSITIVE_INPUTS.has(gen) ? [0.5, 2] : [-1, 1];
  const inputs = box.graph.inputs.map((input) => {
    const shape = fullShape(input.type, FORWARD_BATCH);
    return { shape, data: uniform(rng, shapeSize(shape), low, high) };
  });
  const outputs = createTypedEngine(lower(box.diagram), { dtype: 'float64' })
    .run(inputs)
    .map((o) => plain(o.data as Float64Array));
  return { inputs, outputs };
}

interface Answer {
  forwards: number[][][];
  cases: {
    id: string;
    predictions: number[];
    steps: Record<string, number[]>[];
    resumed: { state: boolean; steps: Record<string, number[]>[] };
  }[];
  ddp: Record<string, Record<'1' | '2', DdpRun>>;
}

const expected = new Map<string, Expected>();
const forwards = new Map<string, Forward>();
let answer: Answer;
/** The DDP jobs sent, and the weights they start from. */
let jobs: Awaited<ReturnType<typeof ddpJobs>>;

beforeAll(async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'lensboard-pytorch-'));
  const rng = mulberry32(17);
  const cases = CASES.map((c, i) => {
    const { file, weights } = documentModelFile(c.doc);
    const dir = join(tmp, `case-${i}`);
    writePackage(dir, file, weights);
    const e = lensboard(file, weights, rng, { rows: ROWS, batch: BATCH, steps: STEPS });
    expected.set(c.id, e);
    const resumeDir = join(tmp, `case-${i}-resumed`);
    writePackage(resumeDir, file, e.afterFirst);
    const { featureShape, labelShape } = file.trainingConfig.dataset;
    return {
      id: c.id,
      dir,
      x: [...e.x],
      xShape: [ROWS, ...featureShape],
      steps: e.batches.map((b) => ({
        x: [...b.x],
        y: [...b.y],
        xShape: [BATCH, ...featureShape],
        yShape: [BATCH, ...labelShape],
      })),
      resumeDir,
    };
  });
  // the XOR example's own package, trained on its own dataset by train.py
  const xor = documentModelFile(xorDoc);
  const oneBoxes = MAPPED.map((gen) => {
    const dir = join(tmp, `box-${gen}`);
    const f = oneBoxForward(gen, dir, xor.file.trainingConfig, rng);
    forwards.set(gen, f);
    return { dir, inputs: f.inputs.map((x) => ({ values: [...x.data], shape: x.shape })) };
  });
  jobs = await ddpJobs(tmp, rng);
  const request = join(tmp, 'request.json');
  writeFileSync(request, JSON.stringify({ forwards: oneBoxes, cases, ddp: jobs.ddp }));
  const answerFile = join(tmp, 'answer.json');
  const run = spawnSync(PYTHON, [join(import.meta.dirname, 'exportCheck.py'), request, answerFile], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${PYTHON} exportCheck.py failed (${run.status}):\n${run.stderr}`);
  answer = JSON.parse(readFileSync(answerFile, 'utf8')) as Answer;
}, 900_000);

/** The largest |a − b| / (|b| + floor) over two arrays of one length. */
function worst(a: ArrayLike<number>, b: ArrayLike<number>, floor: number): number {
  expect(a.length).toBe(b.length);
  let w = 0;
  for (let i = 0; i < b.length; i++) w = Math.max(w, Math.abs(a[i] - b[i]) / (Math.abs(b[i]) + floor));
  return w;
}

describe('the PyTorch export, run by torch in float64', () => {
  it.each(MAPPED)('%s: its op computes the generator’s forward', (gen) => {
    const got = answer.forwards[MAPPED.indexOf(gen)];
    const want = forwards.get(gen) as Forward;
    expect(got).toHaveLength(want.outputs.length);
    want.outputs.forEach((w, i) => {
      expect(worst(got[i], w, 1e-12), `output ${i}`).toBeLessThan(1e-10);
    });
  });

  it.each(CASES.map((c) => c.id))('%s: model.py predicts what Lensboard predicts', (id) => {
    const got = answer.cases.find((c) => c.id === id);
    const e = expected.get(id) as Expected;
    expect(got?.predictions.length).toBe(e.predictions.length);
    expect(worst(got?.predictions ?? [], e.predictions, 1e-12)).toBeLessThan(1e-5);
  });

  it.each(CASES.map((c) => c.id))('%s: train.py steps to the weights Lensboard steps to', (id) => {
    const got = answer.cases.find((c) => c.id === id)?.steps ?? [];
    const e = expected.get(id) as Expected;
    expect(got).toHaveLength(STEPS);
    e.steps.forEach((weights, s) => {
      for (const [name, want] of weights) {
        const diff = worst(got[s][name], want, 1);
        expect(diff, `${name} after step ${s + 1}`).toBeLessThan(1e-6);
      }
      // the step moved the weights: the comparison is not of two unchanged copies
      const before = s === 0 ? null : e.steps[s - 1];
      if (before) expect([...weights].some(([n, w]) => worst(w, before.get(n) as Float64Array, 1) > 1e-9)).toBe(true);
    });
  });

  it.each(CASES.map((c) => c.id))('%s: train.py goes on from the optimiser state a trained model file keeps', (id) => {
    const got = answer.cases.find((c) => c.id === id)?.resumed;
    const e = expected.get(id) as Expected;
    // gradient descent keeps no state; every other optimiser's state is in the weights file
    expect(got?.state).toBe(e.afterFirst.some((w) => w.group === 'optimizer'));
    expect(got?.steps).toHaveLength(STEPS - 1);
    e.resumed.forEach((weights, s) => {
      for (const [name, want] of weights) {
        expect(worst(got?.steps[s][name] ?? [], want, 1), `${name} after step ${s + 2}`).toBeLessThan(1e-6);
      }
    });
  });

  it('train.py over two DistributedDataParallel processes (spawn, gloo) ends where one process does', () => {
    const [one, two] = [answer.ddp.xor['1'], answer.ddp.xor['2']];
    expect([one.steps, one.processes, two.steps, two.processes]).toEqual([DDP_STEPS, 1, DDP_STEPS, 2]);
    expect(Math.abs(two.loss - one.loss)).toBeLessThan(1e-5);
    for (const [name, w] of Object.entries(one.weights)) expect(worst(two.weights[name], w, 1)).toBeLessThan(1e-5);
    // it trained: the loss fell from XOR's chance level (ln 2 per example)
    expect(one.loss).toBeLessThan(Math.LN2);
  });

  it.each(Object.keys(SHARES))(
    'train.py, %s (empty and uneven shares), over two processes ends where one does',
    (name) => {
      const [one, two] = [answer.ddp[name]['1'], answer.ddp[name]['2']];
      const { steps } = SHARES[name];
      expect([one.steps, one.processes, two.steps, two.processes]).toEqual([steps, 1, steps, 2]);
      expect(Math.abs(two.loss - one.loss) / one.loss).toBeLessThan(1e-5);
      // float32: the two runs sum the same gradients in another order
      for (const [n, w] of Object.entries(one.weights)) expect(worst(two.weights[n], w, 1), n).toBeLessThan(1e-5);
      // they trained: the gradients that reached the weights were not all zero
      expect(Object.entries(two.weights).some(([n, w]) => worst(w, jobs.convStart.get(n) ?? [], 1) > 1e-7)).toBe(true);
    },
  );

  it('train.py of CatGPT, tiny, on text windows as the Data panel writes them, over two processes ends where one does', () => {
    const [one, two] = [answer.ddp.catgpt['1'], answer.ddp.catgpt['2']];
    expect([one.steps, one.processes, two.steps, two.processes]).toEqual([CATGPT_STEPS, 1, CATGPT_STEPS, 2]);
    expect(Math.abs(two.loss - one.loss) / one.loss).toBeLessThan(1e-5);
    for (const [n, w] of Object.entries(one.weights)) expect(worst(two.weights[n], w, 1), n).toBeLessThan(1e-5);
    // it trained: the steps moved the weights
    expect(Object.entries(two.weights).some(([n, w]) => worst(w, jobs.catgptStart.get(n) ?? [], 1) > 1e-5)).toBe(true);
  });
});

describe('what PyTorch cannot express', () => {
  it('refuses exactly the gallery examples on ℤ₂ wires, naming each of their generators', () => {
    expect(refusedGenerators(gallery)).toEqual(REFUSED);
    for (const [id, gens] of Object.entries(REFUSED)) {
      const write = () => pytorchTarget.write(exampleGraph(id));
      expect(write, id).toThrow(UnsupportedOpError);
      for (const gen of gens) expect(write, id).toThrow(new RegExp(`^${gen} has no PyTorch form`, 'm'));
    }
  });

  it('refuses a diagram holding maxPoolSelect, naming it and its box', () => {
    const conv = loadExample('mnist-conv');
    const doc: LensDocument = {
      ...conv,
      boxes: conv.boxes.map((b) => (b.id === 'pool1' ? { ...b, generator: 'maxPoolSelect' } : b)),
      wires: [...conv.wires, { id: 'w-e', from: { box: 'relu1', port: 'y' }, to: { box: 'pool1', port: 'e' } }],
    };
    const { file, weights } = documentModelFile(doc);
    const graph = exportGraph(file, weights);
    expect(() => pytorchTarget.write(graph)).toThrow(UnsupportedOpError);
    expect(() => pytorchTarget.write(graph)).toThrow(/^maxPoolSelect has no PyTorch form \(box 'pool1'\): it reads/);
  });
});
