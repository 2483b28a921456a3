/**
 * The run's model, as a function the page can call: the worker writes its current weights as a
 * model file, and `loadModel` makes `predict` from it on the typed engine (float32, the trainer's
 * own arithmetic). Read at most every half second while the run moves (a large model less
 * often), once when it pauses or ends, and never twice at a time, so the views cost the run
 * almost nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { type LoadedModel, loadModel } from '../../io/modelRuntime';
import { useSession, useTrainSession } from '../session/TrainSessionContext';

const EVERY_MS = 500;
/** A model file this long (MNIST's, with Adam's state, is ~2 MB) is read every few seconds. */
const LARGE = 1_000_000;
const LARGE_EVERY_MS = 3000;

export interface Learnt {
  readonly model: LoadedModel | null;
  readonly problem: string | null;
}

export function useLearnt(enabled: boolean): Learnt {
  const session = useTrainSession();
  const points = useSession((s) => s.points);
  const phase = useSession((s) => s.phase);
  const [learnt, setLearnt] = useState<Learnt>({ model: null, problem: null });
  /** When the next read may start; the phase and point count the last read answered. */
  const next = useRef(0);
  const answered = useRef('');
  const reading = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    if (phase === 'idle' || phase === 'starting' || phase === 'error') {
      answered.current = '';
      reading.current = false;
      if (phase !== 'starting') setLearnt({ model: null, problem: null });
      return;
    }
    const key = `${phase}:${points}`;
    const settled = phase !== 'running';
    if (reading.current || (settled && answered.current === key)) return;
    const timer = setTimeout(
      () => {
        reading.current = true;
        session.modelText().then(
          (text) => {
            reading.current = false;
            answered.current = key;
            if (text === null) return;
            next.current = performance.now() + (text.length > LARGE ? LARGE_EVERY_MS : EVERY_MS);
            setLearnt({ model: loadModel(text), problem: null });
          },
          (e: unknown) => {
            reading.current = false;
            answered.current = key;
            next.current = performance.now() + EVERY_MS;
            setLearnt({ model: null, problem: e instanceof Error ? e.message : String(e) });
          },
        );
      },
      settled ? 0 : Math.max(0, next.current - performance.now()),
    );
    return () => clearTimeout(timer);
  }, [enabled, points, phase, session]);
  return learnt;
}
