/**
 * A training worker in the test's own thread: a trainHost behind structuredClone (what
 * postMessage does, transfers included), so that every message is checked to be plain data and
 * arrives later, as a real worker's would. `terminate()` kills it as a real one dies: it answers
 * nothing from then on, and its run stops (it would otherwise go on eating the test's thread).
 */
import type { WorkerLike } from '../learn/trainerClient';
import { createTrainHost } from '../learn/trainHost';
import type { FromWorker, ToWorker } from '../learn/trainProtocol';

export function inMemoryWorker(): WorkerLike & { terminated: boolean } {
  const worker: WorkerLike & { terminated: boolean } = {
    onmessage: null,
    terminated: false,
    postMessage: (m: ToWorker, transfer: Transferable[] = []) => {
      if (worker.terminated) return;
      const arrived = structuredClone(m, { transfer });
      queueMicrotask(() => host(arrived));
    },
    terminate: () => {
      worker.terminated = true;
      void host.close();
    },
  };
  // Cloned when posted, as a worker's postMessage does, moving what it transfers: a buffer the
  // host still used after moving it would be found detached.
  const host = createTrainHost((m: FromWorker, transfer: Transferable[] = []) => {
    const arrived = structuredClone(m, { transfer });
    setTimeout(() => !worker.terminated && worker.onmessage?.({ data: arrived }), 0);
  });
  return worker;
}
