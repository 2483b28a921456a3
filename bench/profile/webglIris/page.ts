/**
 * The iris webgl profile page (see run.ts): runs the iris-hidden document through the learn
 * trainer, its runner alone, or the tfjs-layers peer on webgl, and counts per step what the webgl
 * backend does — shader programs by class and output shape, texture uploads (with the value
 * when it is a scalar), synchronous and asynchronous read-backs — and the shader programs compiled
 * so far (each costs SwiftShader ~50 ms on its first run).
 */
import * as tf from '@tensorflow/tfjs';
import { loadDataset } from '../../../src/data/catalog';
import { startExactly } from '../../../src/engines/backend';
import { loadExample } from '../../../src/io/examples/index';
import type { StepRunner } from '../../../src/learn/runners/types';
import { openSession } from '../../../src/learn/session';
import type { TrainerSettings } from '../../../src/learn/settings';
import { layersIrisRun } from '../../shared/irisRun';

export interface IrisProfileRequest {
  /**
   * trainer: Trainer.run; runner: runner.step (sync) or deferred every 32; layers: trainOnBatch;
   * agree: two runners from the same start, one read per step (dataSync) and one deferred with
   * reads of 1 to 40 steps, batches of `settings.batchSize` rows: the largest difference.
   */
  readonly what: 'trainer' | 'runner' | 'layers' | 'agree';
  readonly epochs?: number;
  readonly settings?: Partial<TrainerSettings>;
  readonly mode?: 'sync' | 'deferred';
}

interface TexData {
  texture?: unknown;
  values?: ArrayLike<number>;
  shape: number[];
}
interface WebglBackend {
  runWebGLProgram(...a: unknown[]): unknown;
  uploadToGPU(...a: unknown[]): unknown;
  readSync(...a: unknown[]): unknown;
  read(...a: unknown[]): unknown;
  texData: { get(id: unknown): TexData | undefined };
  binaryCache: Record<string, unknown>;
}
type Wrapped = 'runWebGLProgram' | 'uploadToGPU' | 'readSync' | 'read';

const calls: Record<string, { n: number; ms: number }> = {};
const events: Record<string, number> = {};
const count = (k: string) => {
  events[k] = (events[k] ?? 0) + 1;
};

function wrap(be: WebglBackend, name: Wrapped) {
  const orig = be[name] as (...a: unknown[]) => unknown;
  be[name] = function (this: unknown, ...a: unknown[]) {
    if (name === 'uploadToGPU') {
      const td = be.texData.get(a[0]);
      if (td && td.texture == null && td.values != null)
        count(`upload [${td.shape}]${td.values.length === 1 ? ` = ${td.values[0]}` : ''}`);
    }
    if (name === 'runWebGLProgram') {
      const p = a[0] as { constructor: { name: string }; outputShape: number[]; packedOutput?: boolean };
      count(`${p.constructor.name}${p.packedOutput ? ' (packed)' : ''} [${p.outputShape}]`);
    }
    const e = calls[name] ?? { n: 0, ms: 0 };
    calls[name] = e;
    e.n++;
    const t0 = performance.now();
    const r = orig.apply(this, a);
    e.ms += performance.now() - t0;
    return r;
  };
}

const round = (x: number, d = 2) => Number(x.toFixed(d));

async function trainerRun(epochs: number, settings: Partial<TrainerSettings>) {
  const { trainer } = await openSession({
    document: loadExample('iris-hidden'),
    settings: { engine: 'tfjs', seed: 1, evaluateEachEpoch: false, epochs, ...settings },
  });
  const msPerStep: number[] = [];
  trainer.onEpoch((m) => msPerStep.push(round(1000 / m.stepsPerSecond)));
  const d = (trainer as unknown as { runner: StepRunner }).runner.deferred;
  let reads = 0;
  if (d) {
    const read = d.read.bind(d);
    d.read = () => {
      reads++;
      return read();
    };
  }
  const r = await trainer.run();
  trainer.dispose();
  return { msPerStepByEpoch: msPerStep, stepsPerRead: reads ? round(r.steps / reads, 1) : null, steps: r.steps };
}

/** The session's runner alone, on the dataset's rows in order: a dataSync per step, or deferred reads every 32. */
async function runnerRun(epochs: number, mode: 'sync' | 'deferred') {
  const { trainer } = await openSession({
    document: loadExample('iris-hidden'),
    settings: { engine: 'tfjs', seed: 1, evaluateEachEpoch: false, epochs },
  });
  const runner = (trainer as unknown as { runner: StepRunner }).runner;
  const ds = await loadDataset('iris');
  const rows = Array.from({ length: ds.n }, (_, i) => ({
    features: ds.features.slice(i * 4, i * 4 + 4),
    labels: ds.labels.slice(i * 3, i * 3 + 3),
    n: 1,
  }));
  const msPerStep: number[] = [];
  for (let e = 0; e < epochs; e++) {
    const t0 = performance.now();
    for (const r of rows) {
      if (mode === 'sync' || !runner.deferred) runner.step(r);
      else {
        runner.deferred.step(r);
        if (runner.deferred.pending >= 32) await runner.deferred.read();
      }
    }
    await runner.deferred?.read();
    msPerStep.push(round((performance.now() - t0) / rows.length));
  }
  trainer.dispose();
  return { msPerStepByEpoch: msPerStep, steps: epochs * rows.length };
}

async function agree(epochs: number, batch: number) {
  const open = async () =>
    (
      await openSession({
        document: loadExample('iris-hidden'),
        settings: { engine: 'tfjs', seed: 1, evaluateEachEpoch: false, epochs, batchSize: batch },
      })
    ).trainer as unknown as { runner: StepRunner; dispose(): void };
  const [a, b] = [await open(), await open()];
  const ds = await loadDataset('iris');
  const rows = [];
  for (let i = 0; i < ds.n; i += batch) {
    const n = Math.min(batch, ds.n - i);
    rows.push({ features: ds.features.slice(i * 4, (i + n) * 4), labels: ds.labels.slice(i * 3, (i + n) * 3), n });
  }
  const deferred = b.runner.deferred;
  if (!deferred) throw new Error('no deferred reads');
  let worst = 0;
  let compared = 0;
  let reads = 0;
  const sync: { loss: number[]; predictions: number[] }[] = [];
  const check = (outs: { loss: ArrayLike<number>; predictions: ArrayLike<number> }[]) => {
    reads++;
    for (const o of outs) {
      const s = sync[compared++];
      for (const k of ['loss', 'predictions'] as const) {
        if (o[k].length !== s[k].length)
          throw new Error(`step ${compared}: ${k} length ${o[k].length} ≠ ${s[k].length}`);
        for (let i = 0; i < s[k].length; i++) worst = Math.max(worst, Math.abs(o[k][i] - s[k][i]));
      }
    }
  };
  let next = 1;
  for (let e = 0; e < epochs; e++)
    for (const r of rows) {
      const o = a.runner.step(r);
      sync.push({ loss: Array.from(o.loss), predictions: Array.from(o.predictions) });
      deferred.step(r);
      if (deferred.pending >= next) {
        check(await deferred.read());
        next = (next * 7) % 41 || 1;
      }
    }
  check(await deferred.read());
  a.dispose();
  b.dispose();
  return { steps: compared, reads, maxAbsDiff: worst };
}

async function run(req: IrisProfileRequest) {
  await startExactly('webgl');
  const be = tf.backend() as unknown as WebglBackend & { profiled?: boolean };
  if (!be.profiled) {
    for (const n of ['runWebGLProgram', 'uploadToGPU', 'readSync', 'read'] as const) wrap(be, n);
    be.profiled = true;
  }
  for (const o of [calls, events]) for (const k of Object.keys(o)) delete o[k];
  const epochs = req.epochs ?? 1;
  const t0 = performance.now();
  let out: { steps: number };
  if (req.what === 'trainer') out = await trainerRun(epochs, req.settings ?? {});
  else if (req.what === 'agree') out = await agree(epochs, req.settings?.batchSize ?? 1);
  else if (req.what === 'runner') out = await runnerRun(epochs, req.mode ?? 'deferred');
  else {
    const r = await layersIrisRun(epochs, 'trainOnBatch');
    // layersRun trains one untimed epoch first: count it in the per-step figures.
    out = { ...r, steps: r.steps + r.steps / epochs };
  }
  const steps = out.steps;
  return {
    out,
    ms: Math.round(performance.now() - t0),
    shaderProgramsCompiled: Object.keys(be.binaryCache).length,
    tensors: tf.memory().numTensors,
    perStep: Object.fromEntries(
      Object.entries(calls).map(([k, v]) => [k, { n: round(v.n / steps), ms: round(v.ms / steps, 3) }]),
    ),
    events: Object.entries(events)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${(n / steps).toFixed(2)}× ${k}`),
  };
}

(window as unknown as { profileIris: { run: typeof run } }).profileIris = { run };
