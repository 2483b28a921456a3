/**
 * The page's handle on a training worker: start it with plain data, steer it (pause, resume,
 * one step, stop, hyper-parameters), and subscribe to what comes back. `spawnTrainer()` makes
 * the module worker; tests pass any object with postMessage/onmessage instead.
 */
import type { LensDocument } from '../io/document';
import type { Hypers } from './optimisers/index';
import { type FromWorker, type StartRequest, startMessage, type ToWorker } from './trainProtocol';

export interface WorkerLike {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  onmessage: ((e: { data: FromWorker }) => void) | null;
  /** A worker that throws outside the host's own catch, or whose script fails to load. */
  onerror?: ((e: { message?: string; preventDefault?(): void }) => void) | null;
  terminate?(): void;
}

type Of<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;
type Handler<T extends FromWorker['type']> = (message: Of<T>) => void;

export class TrainerClient {
  private readonly handlers = new Map<FromWorker['type'], Set<(m: FromWorker) => void>>();
  /** The last 'trace-values' request's id. */
  private asked = 0;
  /** When the worker was last heard from (any message): a worker silent too long is dead (./trainerPulse). */
  heard = performance.now();

  constructor(readonly worker: WorkerLike) {
    worker.onmessage = (e) => {
      this.heard = performance.now();
      this.dispatch(e.data);
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      this.dispatch({ type: 'error', message: e.message || 'it stopped without saying why', crashed: true });
    };
  }

  private dispatch(message: FromWorker): void {
    for (const h of this.handlers.get(message.type) ?? []) h(message);
  }

  on<T extends FromWorker['type']>(type: T, handler: Handler<T>): () => void {
    const set = this.handlers.get(type) ?? new Set();
    this.handlers.set(type, set);
    const h = handler as (m: FromWorker) => void;
    set.add(h);
    return () => set.delete(h);
  }

  /** Resolves with the next message of this type. */
  next<T extends FromWorker['type']>(type: T): Promise<Of<T>> {
    return new Promise((resolve) => {
      const off = this.on(type, (m) => {
        off();
        resolve(m);
      });
    });
  }

  /**
   * Carried rows (`request.data`) are transferred, not copied: the caller's arrays are emptied.
   * The weights to resume from are copied once and the copies moved; the caller's stay whole.
   */
  start(request: StartRequest): void {
    const sent = startMessage(request);
    this.worker.postMessage({ type: 'start', request: sent.request }, sent.transfer);
  }
  pause = () => this.worker.postMessage({ type: 'pause' });
  resume = () => this.worker.postMessage({ type: 'resume' });
  step = () => this.worker.postMessage({ type: 'step' });
  stop = () => this.worker.postMessage({ type: 'stop' });
  /** Asks for the next step's trace; a large one comes summarised at `example`'s rows. */
  trace = (example = 0) => this.worker.postMessage({ type: 'trace', example });
  /** Of the last large trace: the full values of `open` and every batched buffer's row at `example`. */
  traceValues(step: number, open: readonly number[], example: number): Promise<Of<'trace-values'>> {
    return this.ask('trace-values', (id) => ({ type: 'trace-values', id, step, open, example }));
  }
  /**
   * Sends a request numbered `id` and resolves with the reply that echoes it. Readers ask at once
   * (the views, the wires, the hover card): a reply taken by the next of its type could be
   * another's, older one — a view that kept it showed weights from before the run's last steps.
   */
  private ask<T extends 'trace-values' | 'weights' | 'model' | 'memory'>(
    type: T,
    request: (id: number) => ToWorker,
  ): Promise<Of<T>> {
    const id = ++this.asked;
    const reply = new Promise<Of<T>>((resolve) => {
      const off = this.on(type, (m) => {
        if ((m as { id?: number }).id !== id) return;
        off();
        resolve(m);
      });
    });
    this.worker.postMessage(request(id));
    return reply;
  }
  /** The run's parameters now, answered to this request alone. */
  weights(): Promise<Of<'weights'>> {
    return this.ask('weights', (id) => ({ type: 'weights', id }));
  }
  setHypers = (hypers: Partial<Hypers>) => this.worker.postMessage({ type: 'set-hypers', hypers });
  /** While the page draws a gesture: the worker trains in short bursts, leaving the CPU to the frames. */
  makeWay = (on: boolean) => this.worker.postMessage({ type: 'make-way', on });
  /** After a run has ended: `epochs` more from its weights and optimiser state; `paused`: parked before its first step. */
  continue = (epochs: number, paused = false) =>
    this.worker.postMessage(paused ? { type: 'continue', epochs, paused } : { type: 'continue', epochs });
  /** The heartbeat: the worker answers 'pong' at once. */
  ping = () => this.worker.postMessage({ type: 'ping' });
  /** Resolves with the count of tfjs tensors alive in the worker (null off tfjs). */
  memory(): Promise<number | null> {
    return this.ask('memory', (id) => ({ type: 'memory', id })).then((m) => m.numTensors);
  }
  /** Resolves with the run as a model file's text. */
  model(createdAt = new Date()): Promise<string> {
    return this.ask('model', (id) => ({ type: 'model', id, createdAt: createdAt.toISOString() })).then((m) => m.text);
  }

  /**
   * The run as the file Export model saves: its text, or the archive's chunks when its weights
   * are too big for the JSON form (docs/model-format.md, *The archive*), or whatever their size
   * when `alwaysArchive`.
   */
  modelFile(
    createdAt = new Date(),
    alwaysArchive = false,
    document?: LensDocument,
  ): Promise<{ text: string } | { chunks: readonly ArrayBuffer[] }> {
    const archive = alwaysArchive ? 'always' : true;
    const drawn = document ? { document } : {};
    return this.ask('model', (id) => ({
      type: 'model',
      id,
      createdAt: createdAt.toISOString(),
      archive,
      ...drawn,
    })).then((m) => (m.chunks ? { chunks: m.chunks } : { text: m.text }));
  }

  terminate(): void {
    this.worker.terminate?.();
    this.handlers.clear();
  }
}

const trainWorker = (): WorkerLike =>
  new Worker(new URL('./train.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike;

/**
 * A training worker whose modules are loaded already, for the next run: the worker's script
 * (tfjs and the trainer, ~2 MB) is fetched and compiled in the time the page idles instead of
 * after Play. One at most; one whose script failed to load is dropped, and the next run makes
 * its own, which reports the failure.
 */
let spare: { worker: WorkerLike; failed: boolean } | null = null;

/** Loads a worker for the next run ahead of it (docs/training-panel.md, "A worker ready before Play"). */
export function warmTrainer(): void {
  if (spare || typeof Worker === 'undefined') return;
  const made = { worker: trainWorker(), failed: false };
  made.worker.onerror = (e) => {
    e.preventDefault?.();
    made.failed = true;
  };
  spare = made;
}

/** A trainer in its own module worker (Vite bundles train.worker.ts from this URL): the spare if one is ready. */
export function spawnTrainer(): TrainerClient {
  const taken = spare;
  spare = null;
  if (taken?.failed) taken.worker.terminate?.();
  return new TrainerClient(taken && !taken.failed ? taken.worker : trainWorker());
}
