/**
 * The one training session of the page, for every panel that trains, shows or exports the run:
 * `useTrainSession()` for its controls, `useSession(selector)` to re-render on what it reports.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { SessionState } from './sessionState';
import type { TrainSession } from './trainSession';

const Context = createContext<TrainSession | null>(null);

export function TrainSessionProvider({ session, children }: { session: TrainSession; children: ReactNode }) {
  return <Context.Provider value={session}>{children}</Context.Provider>;
}

export function useTrainSession(): TrainSession {
  const s = useContext(Context);
  if (!s) throw new Error('useTrainSession outside a TrainSessionProvider');
  return s;
}

export function useSession<T>(select: (s: SessionState) => T): T {
  return useStore(useTrainSession().store, select);
}
