/**
 * The input a dream has learnt so far, read from the worker (its `weights` reply carries it):
 * every quarter second while the run moves, once when it pauses or ends, never two reads at a
 * time (runReads.ts). An input is 784 numbers, so reading it often costs the run nothing worth
 * counting.
 */
import { useEffect, useState } from 'react';
import type { SentWeights } from '../../learn/trainProtocol';
import { useTrainSession } from '../session/TrainSessionContext';
import { watchRunReads } from './runReads';

const EVERY_MS = 250;

export function useDreamed(enabled: boolean): SentWeights | null {
  const session = useTrainSession();
  const [dreamed, setDreamed] = useState<SentWeights | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const shown = (value: SentWeights | null) => {
      setDreamed(value);
      return EVERY_MS;
    };
    return watchRunReads(session, {
      read: () => session.reads.dreamed(),
      answered: shown,
      failed: () => shown(null),
      cleared: (phase) => {
        if (phase === 'idle') setDreamed(null);
      },
    });
  }, [enabled, session]);
  return dreamed;
}
