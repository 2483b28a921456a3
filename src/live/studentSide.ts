/**
 * A student's page in a live class (docs/class.md): the teacher's diagram opens locked (the
 * class link's lock, editor/store/lock.ts) each time the teacher changes it (a change that
 * keeps the model arrives as an edit, which keeps the run); a rise of the
 * class's pause count pauses the run and of its reset count resets it; and the run's numbers go to the student's own room at most
 * twice a second, only when they changed. A rise of the teacher's ask for this student's weights
 * (or everyone's) answers with the file Export model writes, in chunks (weights.ts). The points
 * the student adds for the class's pool go to their room; the pool, when the teacher makes it,
 * is kept as an imported CSV's rows would be, for the diagram bound to it (pool.ts). The dataset
 * chosen for everyone replaces the diagram's own (the drawing stays locked); the lesson, its step
 * and the presented animation follow the teacher's (studentFlows.ts); the board shows when the
 * teacher shares it. The student trains in their own worker, as ever.
 */
import type { LessonStore } from '../classroom/lessonStore';
import { bindDataset } from '../editor/model/datasetOps';
import type { EditorStore } from '../editor/store/createEditorStore';
import type { ClassLock } from '../io/classLock';
import { roomName } from '../io/classRooms';
import type { DatasetBinding, LensDocument } from '../io/document';
import { parseDocumentText } from '../io/parse';
import { keepCsv } from '../train-ui/data/csvStore';
import { modelArchiveName, modelFileName } from '../train-ui/model/modelFileName';
import type { SessionShelf } from '../train-ui/session/sessionShelf';
import { CLASS_MAP, changed, type Report, STUDENT_MAP, writeReport } from './board';
import { BOARD_MAP, ROWS, readSharedRows } from './boardShare';
import { closeRoom, openRoom, studentIdOf } from './connection';
import { risen } from './counts';
import { DATASET, readDataset } from './flows';
import { linkStatus, live, type Membership } from './liveStore';
import { MAX_POINTS, POINTS, POOL, type Point, pooledDataset, poolKey, readPool } from './pool';
import { PLANE, POOL_SHAPE, readPoolShape } from './poolShape';
import { sameModel } from './sameModel';
import { followFlows } from './studentFlows';

const sameDataset = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

import { ASK, askCount, askToken, EVERYONE, writeAnswer } from './weights';

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
  let id: string | null = null;
  /** The ask counts last seen (null before the first sync: the counts found then are history). */
  let asked: Record<string, number> | null = null;
  const asks = cls.doc.getMap(ASK);

  cls.provider.on('status', ({ status }) => live.setState((s) => ({ status: linkStatus(s.status, status) })));

  let keptPool: unknown;
  let readShape: unknown;
  const apply = () => {
    // The shape of the points the class pools: the plane when the teacher's diagram gives none.
    const rawShape = classMap.get(POOL_SHAPE);
    if (rawShape !== readShape) {
      readShape = rawShape;
      const shape = rawShape === undefined ? PLANE : readPoolShape(rawShape);
      if (typeof shape === 'string') store.getState().notify(`The class’s pool was refused: ${shape}`, 'error');
      else live.setState({ poolShape: shape });
    }
    // The pooled points first: the diagram bound to them finds their rows already kept.
    const pool = classMap.get(POOL);
    if (pool !== undefined && pool !== keptPool) {
      keptPool = pool;
      const read = readPool(pool);
      if (typeof read === 'string') store.getState().notify(`The class’s pooled data was refused: ${read}`, 'error');
      else void keepCsv(poolKey(read.points, read.shape), pooledDataset(read.points, read.shape));
    }
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

  /** The file Export model would write now, or why there is none. */
  const modelFile = async (): Promise<{ name: string; bytes: Uint8Array } | { refused: string }> => {
    const session = shelf.shown.getState().session;
    const { phase, ready } = session.state;
    if (ready === null || phase === 'idle' || phase === 'starting' || phase === 'error')
      return { refused: 'no trained weights yet' };
    const saved = await session.reads.modelFile();
    if (!saved) return { refused: 'no trained weights yet' };
    const name = store.getState().doc.name;
    if ('text' in saved) return { name: modelFileName(name), bytes: new TextEncoder().encode(saved.text) };
    const whole = new Uint8Array(saved.chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const c of saved.chunks) {
      whole.set(new Uint8Array(c), at);
      at += c.byteLength;
    }
    return { name: modelArchiveName(name), bytes: whole };
  };
  // Under the server's 10 messages a second: a chunk every 150 ms, the reports between them; and
  // only while connected, or the chunks written meanwhile would go as one message over the cap.
  const pace = async () => {
    do await new Promise<void>((go) => setTimeout(go, 150));
    while (!stopped && own && !(own.provider.wsconnected && own.provider.synced));
  };
  let answering = Promise.resolve();
  const answer = (token: string) => {
    answering = answering.then(async () => {
      if (stopped || !own) return;
      const room = own.doc;
      const file = await modelFile().catch((e: unknown) => ({
        refused: `could not write the model: ${e instanceof Error ? e.message : String(e)}`,
      }));
      if (stopped) return;
      await writeAnswer(room, token, file, pace).catch((e: unknown) =>
        writeAnswer(room, token, { refused: e instanceof Error ? e.message : String(e) }),
      );
    });
  };
  const onAsk = () => {
    if (id === null) return;
    const now = { [id]: askCount(asks, id), [EVERYONE]: askCount(asks, EVERYONE) };
    if (asked !== null) for (const [k, c] of Object.entries(now)) if (c > (asked[k] ?? 0)) answer(askToken(k, c));
    if (cls.provider.synced) asked = now;
  };
  asks.observe(onAsk);
  cls.provider.on('sync', onAsk);

  void studentIdOf(m.secret ?? '').then((got) => {
    if (stopped) return;
    id = got;
    own = openRoom(roomName({ code: m.code, kind: 'student', student: got }), m);
    own.doc.getMap(STUDENT_MAP).set('name', m.name ?? '');
    onAsk();
    const points = own.doc.getArray<Point>(POINTS);
    const show = () => live.setState({ myPoints: points.toArray() });
    points.observe(show);
    own.provider.on('sync', show);
    live.setState({
      editPoints: (edit) => {
        if (edit === 'clear') points.delete(0, points.length);
        else if (points.length < MAX_POINTS) points.push([edit.add]);
      },
    });
  });

  return () => {
    stopped = true;
    clearInterval(timer);
    if (own) closeRoom(own);
    follower.stop();
    closeRoom(board);
    closeRoom(cls);
    live.setState({ editPoints: null, myPoints: [], sharedRows: [], poolShape: PLANE });
  };
}
