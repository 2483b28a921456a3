/**
 * The page's run book, for the Runs tab and the controls that must keep a run before it goes
 * (Reset): `useRunBook()` for the book, `useFlushRun(session)` to keep a session's run under
 * way. Outside a provider (a test of a single panel) there is no book.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { TrainSession } from '../session/trainSession';
import type { PageRuns } from './pageRuns';
import type { RunBook } from './runBook';

const Context = createContext<PageRuns | null>(null);

export function RunBookProvider({ runs, children }: { runs: PageRuns; children: ReactNode }) {
  return <Context.Provider value={runs}>{children}</Context.Provider>;
}

export function useRunBook(): RunBook | null {
  return useContext(Context)?.book ?? null;
}

/** Keeps the session's run under way (read when called: the recorder is attached after the first render). */
export function useFlushRun(session: TrainSession): () => Promise<void> {
  const runs = useContext(Context);
  return () => runs?.flush(session) ?? Promise.resolve();
}
