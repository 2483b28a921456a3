/**
 * The input a dream has learnt so far, read from the worker (its `weights` reply carries it):
 * every quarter second while the run moves, once when it pauses or ends, never two reads at a
 * time. An input is 784 numbers, so reading it often costs the run nothing worth counting.
 */
import { useEffect, useRef, useState } from 'react';
import type { NamedWeights } from '../../learn/weights';
import { useSession, useTrainSession } from '../session/TrainSessionContext';

const EVERY_MS = 250;

export function useDreamed(enabled: boolean): NamedWeights | null {
  const session = useTrainSession();
  const points = useSession((s) => s.points);
  const phase = useSession((s) => s.phase);
  const [dreamed, setDreamed] = useState<NamedWeights | null>(null);
  const next = useRef(0);
  const answered = useRef('');
  const reading = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    if (phase === 'idle' || phase === 'starting' || phase === 'error') {
      answered.current = '';
      reading.current = false;
      if (phase === 'idle') setDreamed(null);
      return;
    }
    const key = `${phase}:${points}`;
    const settled = phase !== 'running';
    if (reading.current || (settled && answered.current === key)) return;
    const timer = setTimeout(
      () => {
        reading.current = true;
        const done = (value: NamedWeights | null) => {
          reading.current = false;
          answered.current = key;
          next.current = performance.now() + EVERY_MS;
          setDreamed(value);
        };
        session.dreamed().then(done, () => done(null));
      },
      settled ? 0 : Math.max(0, next.current - performance.now()),
    );
    return () => clearTimeout(timer);
  }, [enabled, points, phase, session]);
  return dreamed;
}
