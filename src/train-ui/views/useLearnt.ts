/**
 * The run's model, as a function the page can call: the session reads the run's model file once
 * and then its current weights (`session.learnt`), and `predict` runs on the typed engine
 * (float32, the trainer's own arithmetic). Read at most every half second while the run moves
 * (a large model less often), once when it pauses or ends, and never twice at a time, so the
 * views cost the run almost nothing.
 */
import { useEffect, useState } from 'react';
import type { LoadedModel } from '../../io/modelRuntime';
import type { SessionState } from '../session/sessionState';
import { useTrainSession } from '../session/TrainSessionContext';

const EVERY_MS = 500;
/**
 * A model of this many weights (the MNIST MLP's 101,770) is read every few seconds: each read
 * runs the views' predictions (a confusion matrix of 2,000 rows) on the page's thread.
 */
const LARGE = 50_000;

const size = (model: LoadedModel): number => model.parameters.reduce((n, p) => n + p.data.length, 0);
const LARGE_EVERY_MS = 3000;

export interface Learnt {
  readonly model: LoadedModel | null;
  readonly problem: string | null;
}

const NONE: Learnt = { model: null, problem: null };

/**
 * The session's store is watched in an effect, not read by the hook: a batch of snapshots lands
 * ~10 times a second, and reading `points` here re-rendered the whole Training panel (its
 * settings, charts and controls) at that rate; now it renders when a read answers.
 */
export function useLearnt(enabled: boolean): Learnt {
  const session = useTrainSession();
  const [learnt, setLearnt] = useState<Learnt>(NONE);
  useEffect(() => {
    if (!enabled) return;
    /** When the next read may start; the phase and point count the last read answered. */
    let next = 0;
    let answered = '';
    let reading = false;
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** A change that came while a read was under way (the run's end) is looked at once it answers. */
    const again = () => {
      if (!closed) look(session.state);
    };
    const look = ({ phase, points }: SessionState) => {
      clearTimeout(timer);
      if (phase === 'idle' || phase === 'starting' || phase === 'error') {
        answered = '';
        reading = false;
        if (phase !== 'starting') setLearnt((shown) => (shown.model === null && shown.problem === null ? shown : NONE));
        return;
      }
      const key = `${phase}:${points}`;
      const settled = phase !== 'running';
      if (reading || (settled && answered === key)) return;
      timer = setTimeout(
        () => {
          reading = true;
          session.learnt().then(
            (model) => {
              reading = false;
              answered = key;
              if (model === null) return again();
              next = performance.now() + (size(model) > LARGE ? LARGE_EVERY_MS : EVERY_MS);
              setLearnt({ model, problem: null });
              again();
            },
            (e: unknown) => {
              reading = false;
              answered = key;
              next = performance.now() + EVERY_MS;
              setLearnt({ model: null, problem: e instanceof Error ? e.message : String(e) });
              again();
            },
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
  }, [enabled, session]);
  return learnt;
}
