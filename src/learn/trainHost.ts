/**
 * The worker's side of the protocol, apart from the Worker global so that Node tests drive it
 * directly. Step metrics are gathered and posted as one snapshot every ~16 ms (a frame):
 * posting every step would cost a quarter of the throughput; epochs, traces, status changes and
 * the end are posted as they happen, each after a snapshot of the steps before it.
 */
import { makeDataset } from '../data/dataset';
import { startBackend } from '../engines/backend';
import { openSession } from './session';
import type { StepMetrics, Trainer } from './trainer';
import type { FromWorker, StartRequest, ToWorker } from './trainProtocol';
import type { NamedWeights } from './weights';

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

const SNAPSHOT_MS = 16;

function named(trainer: Trainer): NamedWeights[] {
  const values = trainer.weights();
  return trainer.learner.model.params.map((p, i) => ({
    name: p.name,
    shape: [...p.type.shape],
    values: Array.from(values[i]),
  }));
}

async function backendFor(request: StartRequest) {
  if (request.settings?.engine !== 'tfjs' || !request.backend) return null;
  if (request.backend === 'wasm' && request.wasmPaths) {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(request.wasmPaths as Record<string, string>);
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
    post({ type: 'status', status });
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

function control(trainer: Trainer, message: ToWorker, post: Post, fail: (e: unknown) => void) {
  switch (message.type) {
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
      trainer.traceNextStep().then(({ step, trace }) => post({ type: 'trace', step, trace }), fail);
      return;
    case 'weights':
      return post({ type: 'weights', weights: named(trainer) });
  }
}

export function createTrainHost(post: Post): (message: ToWorker) => void {
  let trainer: Trainer | null = null;
  let starting = false;
  /** Controls sent while the dataset loads; replayed once the trainer exists. */
  let early: ToWorker[] = [];
  const fail = (e: unknown) => post({ type: 'error', message: e instanceof Error ? e.message : String(e) });

  async function start(request: StartRequest) {
    const backend = await backendFor(request);
    // Carried rows replace loading the binding; makeDataset re-checks their shapes on arrival.
    const carried = request.data && makeDataset(request.data);
    const t = (await openSession(request, carried ? async () => carried : undefined)).trainer;
    const snapshots = relay(t, post);
    post(ready(t, backend));
    trainer = t;
    for (const m of early) control(t, m, post, fail);
    early = [];
    const result = await t.run();
    snapshots.post();
    post({ type: 'done', result, weights: named(t) });
    t.dispose();
  }

  return (message) => {
    if (message.type === 'start') {
      if (starting) return fail(new Error('this worker is already training; start another worker'));
      starting = true;
      start(message.request).catch(fail);
      return;
    }
    if (trainer) return control(trainer, message, post, fail);
    if (!starting) return fail(new Error(`'${message.type}' before 'start'`));
    early.push(message);
  };
}
