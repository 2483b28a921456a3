/**
 * The run's model, as a function the page can call: the worker writes its current weights as a
 * model file, and `loadModel` makes `predict` from it on the typed engine (float32, the trainer's
 * own arithmetic). Refreshed at most every half second while the run moves, and at once when it
 * pauses or ends, so a view costs the run almost nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { type LoadedModel, loadModel } from '../../io/modelRuntime';
import { useSession, useTrainSession } from '../session/TrainSessionContext';

const EVERY_MS = 500;

export function useLearnt(enabled: boolean): { model: LoadedModel | null; problem: string | null } {
  const session = useTrainSession();
  const points = useSession((s) => s.points);
  const phase = useSession((s) => s.phase);
  const [state, setState] = useState<{ model: LoadedModel | null; problem: string | null; at: number }>({
    model: null,
    problem: null,
    at: 0,
  });
  /** What the model shown was read at: a settled run is read once, not again and again. */
  const readAt = useRef('');
  useEffect(() => {
    if (!enabled) return;
    if (phase === 'idle' || phase === 'starting') {
      readAt.current = '';
      return setState({ model: null, problem: null, at: 0 });
    }
    const settled = phase !== 'running';
    const key = `${phase}:${points}`;
    if (settled && readAt.current === key) return;
    const wait = settled ? 0 : Math.max(0, state.at + EVERY_MS - performance.now());
    let live = true;
    const timer = setTimeout(() => {
      session.modelText().then(
        (text) => {
          if (!live || text === null) return;
          readAt.current = key;
          setState({ model: loadModel(text), problem: null, at: performance.now() });
        },
        (e: unknown) => {
          if (!live) return;
          readAt.current = key;
          setState({ model: null, problem: String(e instanceof Error ? e.message : e), at: performance.now() });
        },
      );
    }, wait);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [enabled, points, phase, session, state.at]);
  return { model: state.model, problem: state.problem };
}
