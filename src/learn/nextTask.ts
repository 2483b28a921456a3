/**
 * A yield to the event loop with no timer delay. setTimeout(0) sleeps ≥ 1 ms in Node and is
 * clamped to 4 ms once nested in browsers and workers: for a trainer that yields every ~10 ms of
 * work, that is a tenth to a third of the run spent asleep. setImmediate (Node) and a
 * MessageChannel message (browsers, workers) are macrotasks as well, so messages, timers and
 * I/O queued meanwhile still run before the work goes on.
 */
type Resolve = () => void;

function channelTask(): () => Promise<void> {
  const channel = new MessageChannel();
  const waiting: Resolve[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}

const immediate = (globalThis as { setImmediate?: (f: Resolve) => unknown }).setImmediate;

export const nextTask: () => Promise<void> = immediate
  ? () => new Promise<void>((resolve) => immediate(resolve))
  : typeof MessageChannel === 'function'
    ? channelTask()
    : () => new Promise<void>((resolve) => setTimeout(resolve, 0));
