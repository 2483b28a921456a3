/**
 * The worker's side of the protocol, apart from the Worker global so that Node tests drive it
 * directly. Step metrics are gathered and posted as one snapshot every ~16 ms (a frame):
 * posting every step would cost a quarter of the throughput; epochs, traces, status changes and
 * the end are posted as they happen, each after a snapshot of the steps before it.
 */
import { makeDataset } from '../data/dataset';
import { loseWebglContext, onWebglContextLost, startBackend, tensorCount } from '../engines/backend';
import type { DatasetRef } from '../io/modelSchema';
import { SMALL, stepSize } from './enginePick';
import { savedWeights, writeModelFile } from './modelFile';
import { openSession, type ResumeFrom, type Session } from './session';
import type { TrainerSettings } from './settings';
import { traceTransfer } from './traceTransfer';
import { createTrainer, type EpochMetrics, type StepMetrics, type Trainer, type TrainResult } from './trainer';
import { boxNamer } from './trainerFailure';
import type { FromWorker, StartRequest, ToWorker } from './trainProtocol';
import type { NamedWeights } from './weights';

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

const SNAPSHOT_MS = 16;

/** The learnt input of a dream, named after its data input box; null when the run learns weights only. */
function dreamed(trainer: Trainer): NamedWeights | null {
  const values = trainer.dreamed();
  const input = trainer.learner.model.inputs[0];
  if (!values || !input) return null;
  return { name: input.box, shape: [...input.type.shape], values: Array.from(values) };
}

function named(trainer: Trainer): NamedWeights[] {
  const values = trainer.weights();
  return trainer.learner.model.params.map((p, i) => ({
    name: p.name,
    shape: [...p.type.shape],
    values: Array.from(values[i]),
  }));
}

/** Where the worker finds tfjs's wasm files (its bundler's URLs); a request may name others. */
export interface HostOptions {
  readonly wasmPaths?: Readonly<Record<string, string>>;
}

/** The tfjs backend a run on tfjs, or one that may pick tfjs ('auto'), starts in this worker. */
async function backendFor(request: StartRequest, options: HostOptions) {
  const engine = request.settings?.engine;
  if ((engine !== 'tfjs' && engine !== 'auto') || !request.backend) return null;
  if (request.backend === 'wasm') {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const paths = request.wasmPaths ?? options.wasmPaths;
    if (paths) wasm.setWasmPaths(paths as Record<string, string>);
  }
  return startBackend(request.backend);
}

/** The step losses not posted yet, posted as one snapshot a frame, or now (`post`) when asked. */
class Snapshots {
  private losses: number[] = [];
  private latest: StepMetrics | null = null;
  private lastPost = 0;

  constructor(private readonly send: Post) {}

  add(m: StepMetrics): void {
    this.latest = m;
    this.losses.push(m.loss);
    if (performance.now() - this.lastPost >= SNAPSHOT_MS) this.post();
  }

  post(): void {
    if (!this.latest || this.losses.length === 0) return;
    const batch = Float32Array.from(this.losses);
    this.losses = [];
    this.lastPost = performance.now();
    this.send({ type: 'snapshot', snapshot: { latest: this.latest, losses: batch } }, [batch.buffer]);
  }
}

/** Wires a trainer's events to messages, each after the snapshot of the steps before it. */
function relay(t: Trainer, post: Post): Snapshots {
  const snapshots = new Snapshots(post);
  t.onStep((m) => snapshots.add(m));
  t.onEpoch((metrics) => {
    snapshots.post();
    post({ type: 'epoch', metrics });
  });
  t.onStatus((status) => {
    snapshots.post();
    post({ type: 'status', status, engine: t.engine, pick: t.enginePick });
  });
  return snapshots;
}

function ready(t: Trainer, backend: Awaited<ReturnType<typeof backendFor>>): FromWorker {
  return {
    type: 'ready',
    ready: {
      engine: t.engine,
      backend,
      term: t.learner.model.term,
      trainRows: t.train.n,
      testRows: t.test?.n ?? 0,
      hypers: t.hypers(),
      stepsPerEpoch: Math.ceil(t.train.n / t.settings.batchSize),
    },
  };
}

/**
 * The tensors alive once nothing is under way: a paused run may still be checking a kept copy
 * of its weights (an asynchronous read on tfjs), which frees tensors when it ends. Read until
 * three reads 20 ms apart agree.
 */
async function settledCount(): Promise<number> {
  let last = -1;
  let same = 0;
  for (let i = 0; i < 50 && same < 3; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const n = tensorCount();
    same = n === last ? same + 1 : 0;
    last = n;
  }
  return last;
}

/** What a run needs to go on or be written as a model file once it has ended. */
interface Run {
  readonly trainer: Trainer;
  readonly session: Session;
  readonly binding: DatasetRef;
  /** Set once run() has returned; until then the run is under way. */
  result: TrainResult | null;
  /** The epochs and steps done before this run (a model file's, or the run it continues). */
  readonly before: { readonly epochs: number; readonly steps: number };
  /** The whole sets' metrics after the last epoch, and the steps taken (for a model file written mid-run). */
  lastEpoch: EpochMetrics | null;
  stepsTaken: number;
  /** On webgl: the weights and state last copied off the GPU, kept in case its context is lost. */
  copy?: ResumeFrom;
}

/** How often a run on webgl copies its weights off the GPU while it runs. */
const COPY_EVERY_MS = 1000;

function copyOff(r: Run): ResumeFrom {
  return {
    weights: savedWeights(r.trainer).map((w) => ({ ...w, data: Float32Array.from(w.data) })),
    epochsDone: r.lastEpoch ? r.lastEpoch.epoch + 1 : r.before.epochs,
    stepsDone: r.before.steps + r.stepsTaken,
  };
}

/**
 * On webgl: keeps a copy of the weights off the GPU (at each pause, and every second while the
 * run goes), and when the GPU's context is lost, stops the run and sends that copy.
 */
function guardContext(r: Run, post: Post): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const offLost = onWebglContextLost(() => {
    if (!r.trainer.engine.startsWith('tfjs')) return; // the typed engine never used the GPU
    clearInterval(timer);
    r.trainer.stop();
    const resume = r.copy as ResumeFrom;
    post({
      type: 'context-lost',
      resume,
      message: `The GPU's WebGL context was lost at step ${r.before.steps + r.stepsTaken}, so training stopped. The weights of step ${resume.stepsDone} are kept: go on with another engine.`,
    });
  });
  if (!offLost) return () => undefined;
  r.copy = copyOff(r);
  timer = setInterval(() => {
    if (r.trainer.status === 'running') r.copy = copyOff(r);
  }, COPY_EVERY_MS);
  const offStatus = r.trainer.onStatus((s) => {
    if (s.status === 'paused') r.copy = copyOff(r);
  });
  return () => {
    clearInterval(timer);
    offStatus();
    offLost();
  };
}

/** The engine a continued run keeps: the one the first run ended on ('auto' picked already). */
function engineOf(t: Trainer): TrainerSettings['engine'] {
  if (t.settings.engine !== 'auto') return t.settings.engine;
  return t.enginePick?.picked ?? 'typed';
}

function modelText(run: Run, createdAt: string): string {
  const { trainer, result, lastEpoch } = run;
  const metrics = result
    ? { train: result.train, test: result.test }
    : { train: lastEpoch?.train ?? null, test: lastEpoch?.test ?? null };
  return writeModelFile({
    document: run.session.document,
    dataset: run.binding,
    trainer,
    epochsDone: result?.epochs ?? (lastEpoch ? lastEpoch.epoch + 1 : run.before.epochs),
    stepsDone: result?.steps ?? run.before.steps + run.stepsTaken,
    metrics,
    createdAt: new Date(createdAt),
  });
}

export function createTrainHost(post: Post, options: HostOptions = {}): (message: ToWorker) => void {
  let run: Run | null = null;
  let starting = false;
  /** Controls sent while the dataset loads; replayed once the trainer exists. */
  let early: ToWorker[] = [];
  const fail = (e: unknown) => post({ type: 'error', message: e instanceof Error ? e.message : String(e) });

  async function go(r: Run, backend: Awaited<ReturnType<typeof backendFor>>, evaluate = false) {
    const snapshots = relay(r.trainer, post);
    r.trainer.onEpoch((m) => {
      r.lastEpoch = m;
    });
    r.trainer.onStep((m) => {
      r.stepsTaken = m.step;
    });
    post(ready(r.trainer, backend));
    if (evaluate) {
      const { trainer: t } = r;
      post({ type: 'evaluated', train: t.evaluate(t.train), test: t.test ? t.evaluate(t.test) : null });
    }
    const unguard = guardContext(r, post);
    run = r;
    for (const m of early) control(r, m);
    early = [];
    r.result = await r.trainer.run().finally(unguard);
    snapshots.post();
    post({ type: 'done', result: r.result, weights: named(r.trainer) });
  }

  async function start(request: StartRequest) {
    // tfjs's runner is made with the trainer: its backend first. Auto only races tfjs for a
    // model big enough to try it (enginePick.ts), so a small one never waits for tfjs to start.
    const auto = request.settings?.engine === 'auto';
    let backend = auto ? null : await backendFor(request, options);
    // Carried rows replace loading the binding; makeDataset re-checks their shapes on arrival.
    const carried = request.data && makeDataset(request.data);
    const session = await openSession(request, carried ? async () => carried : undefined);
    const t = session.trainer;
    if (auto && stepSize(t.learner, t.settings.batchSize) >= SMALL) backend = await backendFor(request, options);
    if (request.paused) session.trainer.pause();
    const bound = request.dataset ?? session.document.dataset;
    const { dataset } = session;
    const binding: DatasetRef = {
      id: bound?.id ?? dataset.name,
      options: { ...bound?.options },
      featureShape: [...dataset.featureShape],
      labelShape: [...dataset.labelShape],
      task: dataset.task,
    };
    const before = { epochs: request.resume?.epochsDone ?? 0, steps: request.resume?.stepsDone ?? 0 };
    await go(
      { trainer: session.trainer, session, binding, before, result: null, lastEpoch: null, stepsTaken: 0 },
      backend,
      request.evaluate === true,
    );
  }

  /** `epochs` more from where the ended run stopped: its weights, optimiser state and counts. */
  async function more(ended: Run, epochs: number) {
    const old = ended.trainer;
    const done = ended.result as TrainResult;
    const t = createTrainer(
      old.learner.model,
      ended.session.dataset,
      { ...old.settings, epochs, engine: engineOf(old) },
      {
        boxName: boxNamer(ended.session.document.boxes),
        start: {
          params: old.weights(),
          state: old.optimiserState(),
          epochsDone: done.epochs,
          stepsDone: done.steps,
          ...(old.dreamed() ? { input: old.dreamed() as Float32Array } : {}),
        },
      },
    );
    t.setHypers(old.hypers());
    old.dispose();
    const before = { epochs: done.epochs, steps: done.steps };
    await go({ ...ended, trainer: t, before, result: null, lastEpoch: null, stepsTaken: 0 }, null);
  }

  function control(r: Run, message: ToWorker) {
    const trainer = r.trainer;
    switch (message.type) {
      case 'start':
        return fail(new Error('this worker is already training; start another worker'));
      case 'pause':
        return trainer.pause();
      case 'resume':
        return trainer.resume();
      case 'step':
        return trainer.stepOnce();
      case 'stop':
        return trainer.stop();
      case 'set-hypers':
        return trainer.setHypers(message.hypers);
      case 'trace':
        trainer
          .traceNextStep()
          .then(
            ({ step, trace }) =>
              post({ type: 'trace', step, trace }, traceTransfer(trace, trainer.learner.stepProgram.outputs)),
            fail,
          );
        return;
      case 'weights':
        return post({ type: 'weights', weights: named(trainer), dreamed: dreamed(trainer) });
      case 'model':
        return post({ type: 'model', text: modelText(r, message.createdAt) });
      case 'lose-context':
        loseWebglContext();
        return;
      case 'memory':
        if (!r.trainer.engine.startsWith('tfjs')) return post({ type: 'memory', numTensors: null });
        settledCount().then((numTensors) => post({ type: 'memory', numTensors }), fail);
        return;
      case 'continue':
        if (!r.result) return fail(new Error('the run has not ended: pause or wait for it before training more'));
        // Controls sent from here on wait for the new trainer, as they wait for the first.
        run = null;
        more(r, message.epochs).catch(fail);
        return;
    }
  }

  return (message) => {
    if (message.type === 'start') {
      if (starting) return fail(new Error('this worker is already training; start another worker'));
      starting = true;
      start(message.request).catch(fail);
      return;
    }
    if (run) return control(run, message);
    if (!starting) return fail(new Error(`'${message.type}' before 'start'`));
    early.push(message);
  };
}
