/**
 * A student's page in a live class (docs/class.md): the teacher's diagram opens locked (the
 * class link's lock, editor/store/lock.ts) each time the teacher changes it (a change that
 * keeps the model arrives as an edit, which keeps the run); a rise of the
 * class's pause count pauses the run and of its reset count resets it; the dataset chosen for
 * everyone replaces the diagram's own (the drawing stays locked); the lesson, its step and the
 * presented animation follow the teacher's (studentFlows.ts); the board shows when the teacher
 * shares it; and the run's numbers go to the student's own room at most twice a second, only
 * when they changed. The student trains in their own worker, as ever.
 */
import type { LessonStore } from '../classroom/lessonStore';
import { bindDataset } from '../editor/model/datasetOps';
import type { EditorStore } from '../editor/store/createEditorStore';
import type { ClassLock } from '../io/classLock';
import { roomName } from '../io/classRooms';
import type { DatasetBinding, LensDocument } from '../io/document';
import { parseDocumentText } from '../io/parse';
import type { SessionShelf } from '../train-ui/session/sessionShelf';
import { CLASS_MAP, changed, type Report, STUDENT_MAP, writeReport } from './board';
import { BOARD_MAP, ROWS, readSharedRows } from './boardShare';
import { closeRoom, openRoom, studentIdOf } from './connection';
import { risen } from './counts';
import { DATASET, readDataset } from './flows';
import { live, type Membership } from './liveStore';
import { sameModel } from './sameModel';
import { followFlows } from './studentFlows';

const sameDataset = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** At most twice a second (docs/class.md#what-flows). */
export const REPORT_MS = 500;

/** A lock no key opens: only the teacher's page, which never holds it, edits the class's diagram. */
const classLock = (): ClassLock => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return {
    check: btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .slice(0, 43),
  };
};

export function runStudent(m: Membership, store: EditorStore, shelf: SessionShelf, lessons: LessonStore): () => void {
  const cls = openRoom(roomName({ code: m.code, kind: 'class' }), m);
  const classMap = cls.doc.getMap(CLASS_MAP);
  const lock = classLock();
  let stopped = false;
  let own: ReturnType<typeof openRoom> | null = null;
  let shownText = '';
  let shownDoc: LensDocument | null = null;
  let seen: ReturnType<typeof risen>['seen'] = null;
  let shownDataset: unknown;
  /** The dataset of the teacher's diagram, which a student goes back to when no dataset is chosen for everyone. */
  let teachersOwn: DatasetBinding | undefined;
  const follower = followFlows(
    lessons,
    (message) => store.getState().notify(message, 'error'),
    () => shelf.shown.getState().session.state.taken,
  );
  const board = openRoom(roomName({ code: m.code, kind: 'board' }), m);
  const boardMap = board.doc.getMap(BOARD_MAP);
  boardMap.observe(() => live.setState({ sharedRows: readSharedRows(boardMap.get(ROWS)) }));

  cls.provider.on('status', ({ status }) => live.setState({ status }));

  const apply = () => {
    const text = classMap.get('document');
    const dataset = readDataset(classMap.get(DATASET));
    const datasetText = classMap.get(DATASET);
    const s = store.getState();
    if (!dataset.ok && datasetText !== shownDataset)
      s.notify(`The class’s dataset could not be used: ${dataset.error}`, 'error');
    shownDataset = datasetText;
    const classData = dataset.ok ? dataset.value : null;
    if (typeof text === 'string' && text !== shownText) {
      shownText = text;
      const parsed = parseDocumentText(text);
      teachersOwn = parsed.ok ? parsed.doc.dataset : undefined;
      const teachers = parsed.ok ? (classData ? bindDataset(parsed.doc, classData) : parsed.doc) : null;
      if (!parsed.ok)
        s.notify(`The class’s diagram could not be read: ${parsed.errors[0]?.message ?? 'unknown'}`, 'error');
      else if (teachers && shownDoc && sameModel(shownDoc, teachers) && s.doc === shownDoc) {
        // Only moved or renamed: an edit, not an open, so the run goes on (sameModel.ts).
        shownDoc = teachers;
        store.setState({ doc: teachers });
        s.lockBoxes(lock);
      } else if (teachers) {
        shownDoc = teachers;
        s.lockBoxes(lock, teachers);
        s.setDocument(teachers, true, 'file');
      }
    } else if (shownDoc && !sameDataset(shownDoc.dataset, classData ?? teachersOwn)) {
      // The dataset for everyone changed, not the diagram: the Data panel follows, the drawing stays locked.
      s.setDataset(classData ?? teachersOwn);
      shownDoc = store.getState().doc;
    }
    follower.apply(classMap);
    // The counts at joining are history: only a rise seen here acts (counts.ts).
    const now = risen(seen, { pause: classMap.get('pause'), reset: classMap.get('reset') }, cls.provider.synced);
    seen = now.seen;
    const session = shelf.shown.getState().session;
    for (const order of now.act) {
      if (order === 'pause') session.pause();
      else session.reset();
    }
  };
  classMap.observe(apply);
  cls.provider.on('sync', apply);

  let last: Report | null = null;
  const report = () => {
    if (!own) return;
    const st = shelf.shown.getState().session.state;
    const lr = store.getState().doc.training?.optimiser?.learningRate;
    const now: Report = {
      phase: st.phase,
      step: st.step,
      epoch: st.epoch,
      loss: st.loss,
      accuracy: st.accuracy,
      learningRate: typeof lr === 'number' ? lr : null,
    };
    if (!changed(last, now)) return;
    last = now;
    writeReport(own.doc, now);
  };
  const timer = setInterval(report, REPORT_MS);

  void studentIdOf(m.secret ?? '').then((id) => {
    if (stopped) return;
    own = openRoom(roomName({ code: m.code, kind: 'student', student: id }), m);
    own.doc.getMap(STUDENT_MAP).set('name', m.name ?? '');
  });

  return () => {
    stopped = true;
    clearInterval(timer);
    if (own) closeRoom(own);
    follower.stop();
    closeRoom(board);
    closeRoom(cls);
    live.setState({ sharedRows: [] });
  };
}
