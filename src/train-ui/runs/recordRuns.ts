/**
 * Keeps a training session's runs in the run book: a run is recorded when it ends (done,
 * stopped, failed) and recorded again, as the same run, when Train more continues it. `flush`
 * keeps a run that has taken steps but not ended (the page calls it before Reset and when the
 * user leaves the document): the worker is still there to write the weights. The model file is
 * read only then, never on a snapshot, and kept as the archive's bytes, whatever its size. Attachable to any session; one recorder per session.
 */
import type { LensDocument } from '../../io/document';
import { documentHash } from '../session/documentHash';
import { ENDED, type SessionState } from '../session/sessionState';
import type { TrainSession } from '../session/trainSession';
import type { RunBook } from './runBook';
import { defaultRunName, runRecordOf } from './runOfSession';
import type { RunModel, RunStatus } from './runRecord';

export interface RunRecorder {
  /**
   * Records the run under way (paused, say) if it has taken steps since it was last recorded;
   * settles once the worker has sent its weights and the book lists the run (storing it may follow).
   */
  flush(): Promise<void>;
  dispose(): void;
}

const newId = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** One run of the session, from a start out of nothing (idle, error) to the next. */
interface SessionRun {
  readonly no: number;
  readonly startedAt: string;
  /** The step it started from: an opened model's, or 0. A run that took no step since is not kept. */
  readonly fromStep: number;
}

export function recordRuns(session: TrainSession, book: RunBook, docOf: () => LensDocument): RunRecorder {
  let run: SessionRun = { no: 0, startedAt: new Date().toISOString(), fromStep: 0 };
  /** The record last written, and of which session run and document. */
  let kept: { no: number; id: string; docHash: string; startedAt: string; step: number } | null = null;
  /** Records one after another: a flush and an end must not race to write the same run. */
  let queue: Promise<void> = Promise.resolve();

  async function record(
    state: SessionState,
    status: RunStatus,
    r: SessionRun,
    doc: LensDocument,
    file: Promise<RunModel | null>,
  ) {
    const docHash = documentHash(doc);
    // An edit that changed what is trained goes on as another run: it trains another document.
    const same = kept !== null && kept.no === r.no && kept.docHash === docHash ? kept : null;
    if (same && same.step === state.step && status === 'paused') return;
    const model = await file;
    const id = same?.id ?? newId();
    const startedAt = same?.startedAt ?? r.startedAt;
    kept = { no: r.no, id, docHash, startedAt, step: state.step };
    const number = book.store.getState().runs.filter((x) => x.docHash === docHash).length + 1;
    const name = book.get(id)?.name ?? defaultRunName(number, doc, state.result?.engine ?? state.engine);
    const endedAt = new Date().toISOString();
    // Listed at once; the storage write is not waited for: Reset waits on flush, and only the worker's reply matters to it.
    void book.put(runRecordOf({ id, name, doc, state, status, startedAt, endedAt, model }));
  }

  /** The model file is asked for now, while the worker still holds this run (Train more may follow at once). */
  const enqueue = (state: SessionState, status: RunStatus): Promise<void> => {
    const r = run;
    const doc = docOf();
    const file = session.reads.modelArchive().then(
      (archive) => (archive ? { archive } : null),
      () => null,
    );
    queue = queue.then(() => record(state, status, r, doc, file)).catch(() => undefined);
    return queue;
  };

  const off = session.store.subscribe((now, before) => {
    if (now.phase === before.phase) return;
    // Reset, a refused start, or a run from nothing: what follows is another run.
    const none = (p: SessionState['phase']) => p === 'idle' || p === 'error';
    if (none(now.phase) || none(before.phase))
      run = { no: run.no + 1, startedAt: new Date().toISOString(), fromStep: now.step };
    if (ENDED.has(now.phase)) void enqueue(now, now.phase as RunStatus);
  });

  return {
    flush() {
      const { step, phase } = session.state;
      if (step === run.fromStep || ENDED.has(phase) || phase === 'idle' || phase === 'error') return queue;
      return enqueue(session.state, 'paused');
    },
    dispose: off,
  };
}
