/**
 * The input a dream has learnt so far, read from the worker (its `weights` reply carries it):
 * every quarter second while the run moves, once when it pauses or ends, never two reads at a
 * time. An input is 784 numbers, so reading it often costs the run nothing worth counting.
 */
import { useEffect, useState } from 'react';
import type { SentWeights } from '../../learn/trainProtocol';
import type { SessionState } from '../session/sessionState';
import { useTrainSession } from '../session/TrainSessionContext';

const EVERY_MS = 250;

/**
 * The session's store is watched in an effect, as useLearnt watches it: read in render, each
 * batch of snapshots (~10 a second) re-rendered the Dream view, which drew nothing new.
 */
export function useDreamed(enabled: boolean): SentWeights | null {
  const session = useTrainSession();
  const [dreamed, setDreamed] = useState<SentWeights | null>(null);
  useEffect(() => {
    if (!enabled) return;
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
        if (phase === 'idle') setDreamed(null);
        return;
      }
      const key = `${phase}:${points}`;
      const settled = phase !== 'running';
      if (reading || (settled && answered === key)) return;
      const done = (value: SentWeights | null) => {
        reading = false;
        answered = key;
        next = performance.now() + EVERY_MS;
        if (closed) return;
        setDreamed(value);
        // A change that came while the read was under way (the run's end) is looked at now.
        look(session.state);
      };
      timer = setTimeout(
        () => {
          reading = true;
          session.dreamed().then(done, () => done(null));
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
  return dreamed;
}
