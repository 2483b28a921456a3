/**
 * The page's runs: one run book, read back from IndexedDB at start, and a recorder per training
 * session, attached by whoever makes the session (`attach` gives the detach) and found again by
 * the page that must flush it (Reset, leaving a document).
 */
import type { LensDocument } from '../../io/document';
import type { TrainSession } from '../session/trainSession';
import { idbRunStorage } from './idbRunStorage';
import { type RunRecorder, recordRuns } from './recordRuns';
import { createRunBook, type RunBook } from './runBook';
import type { RunStorage } from './runStorage';

export interface PageRuns {
  readonly book: RunBook;
  /** Settles once the stored runs are listed (or could not be read: the book's notice says so). */
  readonly loaded: Promise<void>;
  attach(session: TrainSession, docOf: () => LensDocument): () => void;
  /** Keeps the session's run under way, if it has taken steps (before Reset, or leaving its document). */
  flush(session: TrainSession): Promise<void>;
}

export function pageRuns(storage: RunStorage = idbRunStorage): PageRuns {
  const book = createRunBook(storage);
  const recorders = new Map<TrainSession, RunRecorder>();
  const loaded = book.load().catch((e: unknown) => {
    book.store.setState({ notice: `The kept runs could not be read: ${e instanceof Error ? e.message : String(e)}` });
  });
  return {
    book,
    loaded,
    attach(session, docOf) {
      const recorder = recordRuns(session, book, docOf);
      recorders.set(session, recorder);
      return () => {
        recorder.dispose();
        if (recorders.get(session) === recorder) recorders.delete(session);
      };
    },
    flush: async (session) => {
      await recorders.get(session)?.flush();
    },
  };
}
