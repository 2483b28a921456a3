/**
 * The training sessions of the page (one per document, on a shelf: ./sessionShelf.ts), for every
 * panel that trains, shows or exports the run: `useTrainSession()` is the open document's
 * session (a panel re-renders with another when another document opens), `useSession(selector)`
 * re-renders on what it reports, and `useShelf()` reads the session shown at the time of a call,
 * for a callback that outlives a render.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { SessionShelf } from './sessionShelf';
import type { SessionState } from './sessionState';
import type { TrainSession } from './trainSession';

const Context = createContext<SessionShelf | null>(null);

export function TrainSessionProvider({ shelf, children }: { shelf: SessionShelf; children: ReactNode }) {
  return <Context.Provider value={shelf}>{children}</Context.Provider>;
}

export function useShelf(): SessionShelf {
  const s = useContext(Context);
  if (!s) throw new Error('useShelf outside a TrainSessionProvider');
  return s;
}

export function useTrainSession(): TrainSession {
  return useStore(useShelf().shown, (s) => s.session);
}

/** Changes whenever another session is shown: a view keyed by it starts afresh. */
export function useSessionSerial(): number {
  return useStore(useShelf().shown, (s) => s.serial);
}

export function useSession<T>(select: (s: SessionState) => T): T {
  return useStore(useTrainSession().store, select);
}
