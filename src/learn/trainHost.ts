/**
 * The worker's side of the protocol, apart from the Worker global so that Node tests drive it
 * directly. Step metrics are gathered and posted as one snapshot every ~16 ms (a frame):
 * posting every step would cost a quarter of the throughput; epochs, traces, status changes and
 * the end are posted as they happen, each after a snapshot of the steps before it.
 */
import { startBackend } from './backend';
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

export function createTrainHost(post: Post): (message: ToWorker) => void {
  let trainer: Trainer | null = null;
  let starting = false;
  /** Controls sent while the dataset loads; replayed once the trainer exists. */
  let early: ToWorker[] = [];
  let losses: number[] = [];
  let lastPost = 0;

  const flush = (latest: StepMetrics) => {
    const batch = Float32Array.from(losses);
    losses = [];
    lastPost = performance.now();
    post({ type: 'snapshot', snapshot: { latest, losses: batch } }, [batch.buffer]);
  };

  async function start(request: StartRequest) {
    const backend = await backendFor(request);
    const session = await openSession(request);
    const t = session.trainer;
    let latest: StepMetrics | null = null;
    t.onStep((m) => {
      latest = m;
      losses.push(m.loss);
      if (performance.now() - lastPost >= SNAPSHOT_MS) flush(m);
    });
    const pending = () => {
      if (latest && losses.length) flush(latest);
    };
    t.onEpoch((metrics) => {
      pending();
      post({ type: 'epoch', metrics });
    });
    t.onStatus((status) => {
      pending();
      post({ type: 'status', status });
    });
    const stepsPerEpoch = Math.ceil(t.train.n / t.settings.batchSize);
    const ready = {
      engine: t.engine,
      backend,
      term: t.learner.model.term,
      trainRows: t.train.n,
      testRows: t.test?.n ?? 0,
      hypers: t.hypers(),
      stepsPerEpoch,
    };
    post({ type: 'ready', ready });
    trainer = t;
    for (const m of early) control(t, m);
    early = [];
    const result = await t.run();
    pending();
    post({ type: 'done', result, weights: named(t) });
    t.dispose();
  }

  const fail = (e: unknown) => post({ type: 'error', message: e instanceof Error ? e.message : String(e) });

  function control(trainer: Trainer, message: ToWorker) {
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

  return (message) => {
    if (message.type === 'start') {
      if (starting) return fail(new Error('this worker is already training; start another worker'));
      starting = true;
      start(message.request).catch(fail);
      return;
    }
    if (trainer) return control(trainer, message);
    if (!starting) return fail(new Error(`'${message.type}' before 'start'`));
    early.push(message);
  };
}
