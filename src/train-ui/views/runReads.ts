/**
 * How the views read a running model from the worker (its weights, a dream's input): at most
 * one read at a time, the next one a gap after the last answered while the run moves, once more
 * when it pauses or ends, and a change that came while a read was under way (the run's end)
 * looked at once it answers. The session's store is watched here, not read in a render: its
 * snapshots land ~10 times a second, and a hook reading `points` re-rendered its whole view at
 * that rate for nothing new.
 */
import type { Phase, SessionState } from '../session/sessionState';
import type { TrainSession } from '../session/trainSession';

export interface RunReads<T> {
  readonly read: () => Promise<T>;
  /** Shows what a read brought; returns how long until the next may start, in ms. */
  readonly answered: (value: T) => number;
  /** Shows a read that failed; returns how long until the next may start, in ms. */
  readonly failed: (e: unknown) => number;
  /** No run to read (not started, starting, or failed): forget what was shown, as the phase asks. */
  readonly cleared: (phase: Phase) => void;
}

/** Starts watching; returns the function that stops. */
export function watchRunReads<T>(session: TrainSession, r: RunReads<T>): () => void {
  /** When the next read may start; the phase and point count the last read answered. */
  let next = 0;
  let answered = '';
  let reading = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = ({ phase, points }: SessionState) => {
    clearTimeout(timer);
    if (phase === 'idle' || phase === 'starting' || phase === 'error') {
      answered = '';
      reading = false;
      r.cleared(phase);
      return;
    }
    const key = `${phase}:${points}`;
    const settled = phase !== 'running';
    if (reading || (settled && answered === key)) return;
    const done = (show: () => number) => {
      reading = false;
      answered = key;
      if (closed) return;
      next = performance.now() + show();
      look(session.state);
    };
    timer = setTimeout(
      () => {
        reading = true;
        r.read().then(
          (value) => done(() => r.answered(value)),
          (e: unknown) => done(() => r.failed(e)),
        );
      },
      settled ? 0 : Math.max(0, next - performance.now()),
    );
  };
  look(session.state);
  const off = session.store.subscribe((now, before) => {
    if (now.phase !== before.phase || now.points !== before.points) look(now);
  });
  return () => {
    closed = true;
    off();
    clearTimeout(timer);
  };
}
