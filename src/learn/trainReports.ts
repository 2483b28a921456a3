/**
 * What a training worker tells the page about a run: step losses gathered into one snapshot
 * every ~100 ms (posting every step would cost a quarter of the throughput; the page applies
 * what arrives at most ten times a second, and each message is a task on its thread, which
 * the canvas's frames wait behind on a 2-core machine), the epochs ended meanwhile in one
 * message after it, status changes each after a snapshot of the steps
 * and the epochs before them, the run's readiness, and its
 * weights by name (and a dream's learnt input).
 */
import type { BackendReport } from '../engines/backend';
import type { StepMetrics, Trainer } from './trainer';
import type { EpochMetrics } from './trainerTypes';
import type { FromWorker, SentWeights } from './trainProtocol';
import type { NamedWeights } from './weights';

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

/** As the page's FrameBatch EVERY_MS: messages in between would only be merged there. */
const SNAPSHOT_MS = 100;

/** The learnt input of a dream, named after its data input box; null when the run learns weights only. */
export function dreamed(trainer: Trainer): SentWeights | null {
  const data = trainer.dreamed();
  const input = trainer.learner.model.inputs[0];
  if (!data || !input) return null;
  return { name: input.box, shape: [...input.type.shape], data };
}

/** The parameters as a 'weights' reply moves them: the trainer's copies (it keeps its own). */
export function sentWeights(trainer: Trainer): SentWeights[] {
  const values = trainer.weights();
  return trainer.learner.model.params.map((p, i) => ({ name: p.name, shape: [...p.type.shape], data: values[i] }));
}

export function named(trainer: Trainer): NamedWeights[] {
  const values = trainer.weights();
  return trainer.learner.model.params.map((p, i) => ({
    name: p.name,
    shape: [...p.type.shape],
    values: Array.from(values[i]),
  }));
}

/** The step losses not posted yet, posted as one snapshot every SNAPSHOT_MS, or now (`post`) when asked. */
class Snapshots {
  private losses: number[] = [];
  private latest: StepMetrics | null = null;
  private lastPost = 0;
  private epochs: EpochMetrics[] = [];

  constructor(
    private readonly send: Post,
    /** The trainer's steps per second now (./stepRate), asked at each snapshot. */
    private readonly rate: () => number | null,
  ) {}

  add(m: StepMetrics): void {
    this.latest = m;
    this.losses.push(m.loss);
    if (performance.now() - this.lastPost >= SNAPSHOT_MS) this.post();
  }

  /** An epoch ended: told with the next snapshot, at most one message a frame. */
  epoch(m: EpochMetrics): void {
    this.epochs.push(m);
    if (performance.now() - this.lastPost >= SNAPSHOT_MS) this.post();
  }

  post(): void {
    if (this.latest && this.losses.length > 0) {
      const batch = Float32Array.from(this.losses);
      this.losses = [];
      this.lastPost = performance.now();
      const snapshot = { latest: this.latest, losses: batch, stepsPerSecond: this.rate() };
      this.send({ type: 'snapshot', snapshot }, [batch.buffer]);
    }
    const metrics = this.epochs.at(-1);
    if (!metrics) return;
    const earlier = this.epochs.slice(0, -1);
    this.epochs = [];
    this.lastPost = performance.now();
    this.send(earlier.length > 0 ? { type: 'epoch', metrics, earlier } : { type: 'epoch', metrics });
  }
}

/** Wires a trainer's events to messages, each after the snapshot of the steps before it. */
export function relay(t: Trainer, post: Post): Snapshots {
  const snapshots = new Snapshots(post, () => t.stepsPerSecond());
  t.onStep((m) => snapshots.add(m));
  t.onEpoch((metrics) => snapshots.epoch(metrics));
  t.onStatus((status) => {
    snapshots.post();
    post({ type: 'status', status, engine: t.engine, pick: t.enginePick });
  });
  return snapshots;
}

export function ready(t: Trainer, backend: BackendReport | null): FromWorker {
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
      loss: t.learner.loss.kind,
      optimiser: t.learner.optimiser.kind,
      batchSize: t.settings.batchSize,
      epochs: t.settings.epochs,
    },
  };
}
