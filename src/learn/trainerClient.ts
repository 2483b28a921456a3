/**
 * The page's handle on a training worker: start it with plain data, steer it (pause, resume,
 * one step, stop, hyper-parameters), and subscribe to what comes back. `spawnTrainer()` makes
 * the module worker; tests pass any object with postMessage/onmessage instead.
 */
import type { Hypers } from './optimisers/index';
import { type FromWorker, type StartRequest, startTransfer, type ToWorker } from './trainProtocol';

export interface WorkerLike {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  onmessage: ((e: { data: FromWorker }) => void) | null;
  terminate?(): void;
}

type Of<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;
type Handler<T extends FromWorker['type']> = (message: Of<T>) => void;

export class TrainerClient {
  private readonly handlers = new Map<FromWorker['type'], Set<(m: FromWorker) => void>>();

  constructor(private readonly worker: WorkerLike) {
    worker.onmessage = (e) => {
      for (const h of this.handlers.get(e.data.type) ?? []) h(e.data);
    };
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

  /** Carried rows (`request.data`) are transferred, not copied: the caller's arrays are emptied. */
  start(request: StartRequest): void {
    this.worker.postMessage({ type: 'start', request }, startTransfer(request));
  }
  pause = () => this.worker.postMessage({ type: 'pause' });
  resume = () => this.worker.postMessage({ type: 'resume' });
  step = () => this.worker.postMessage({ type: 'step' });
  stop = () => this.worker.postMessage({ type: 'stop' });
  trace = () => this.worker.postMessage({ type: 'trace' });
  weights = () => this.worker.postMessage({ type: 'weights' });
  setHypers = (hypers: Partial<Hypers>) => this.worker.postMessage({ type: 'set-hypers', hypers });

  terminate(): void {
    this.worker.terminate?.();
    this.handlers.clear();
  }
}

/** A trainer in its own module worker (Vite bundles train.worker.ts from this URL). */
export function spawnTrainer(): TrainerClient {
  return new TrainerClient(
    new Worker(new URL('./train.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike,
  );
}
