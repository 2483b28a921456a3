/**
 * The teacher's page in a live class (docs/class.md): it writes the diagram open in the editor
 * into the class's room (a few times a second at most, only when it changed), raises the pause
 * count for "Pause everyone" and the reset count for "Reset everyone", and reads every student who joined — the roster the server keeps —
 * into the board's rows, once an animation frame at most. It asks for a student's weights (or
 * everyone's) and checks what comes back (weights.ts) against the latest request the class's room
 * holds, so a reload loses no request and finds the answers sent meanwhile; it opens one student's model on the
 * teacher's canvas while the class's diagram waits aside, unpublished over, for the way back.
 * The class's pool follows the diagram's dataset and gathers the students' points (teacherPool.ts). While the
 * teacher shares the board, it is written into the class's board room (boardShare.ts) at most
 * twice a second; the lesson, the presented animation and the dataset for everyone go out
 * through teacherFlows.ts.
 */
import type { LessonStore } from '../classroom/lessonStore';
import { readPicked, startOpened } from '../editor/persist/openFiles';
import type { EditorStore } from '../editor/store/createEditorStore';
import { roomName } from '../io/classRooms';
import type { LensDocument } from '../io/document';
import { parseDocumentText } from '../io/parse';
import { CLASS_MAP, ROSTER_MAP, readRow } from './board';
import { boardRows } from './boardRows';
import { BOARD_MAP, ROWS, writeSharedBoard } from './boardShare';
import { closeRoom, type Opened, openRoom } from './connection';
import { countOf } from './counts';
import { linkStatus, live, type Membership, type WeightsState } from './liveStore';
import { publishFlows } from './teacherFlows';
import { runTeacherPool } from './teacherPool';
import { ASK, ASK_ORDER, EVERYONE, latestAsk, raiseAsk, readAnswer, WEIGHTS_MAP } from './weights';

/** The teacher's edits reach the students within a second: written at most every 200 ms. */
const PUBLISH_MS = 200;
/** The board shows the class's reports at most four times a second. */
export const BOARD_MS = 250;
/** The shared board is written at most twice a second, as the students report. */
const SHARE_MS = 500;

const VIEWING = 'lensboard-live-viewing';
/** Whether this tab shows a student's model (kept across a reload), set when `to` is a boolean. */
function viewingKept(to: boolean | null): boolean {
  try {
    if (to === true) sessionStorage.setItem(VIEWING, '1');
    else if (to === false) sessionStorage.removeItem(VIEWING);
    return sessionStorage.getItem(VIEWING) === '1';
  } catch {
    return false; // no storage (Node, a locked-down browser): a reload there publishes what it shows
  }
}

export function runTeacher(m: Membership, store: EditorStore, lessons: LessonStore): () => void {
  const cls = openRoom(roomName({ code: m.code, kind: 'class' }), m);
  const board = openRoom(roomName({ code: m.code, kind: 'board' }), m);
  const roster = openRoom(roomName({ code: m.code, kind: 'roster' }), m);
  const students = new Map<string, Opened>();
  const classMap = cls.doc.getMap(CLASS_MAP);
  const asks = cls.doc.getMap(ASK);
  const order = cls.doc.getMap(ASK_ORDER);
  /** The request whose answer each student's row shows, by id. */
  const shown = new Map<string, string>();
  const checking = new Set<string>();
  const setWeights = (id: string, w: WeightsState) => live.setState((s) => ({ weights: { ...s.weights, [id]: w } }));
  /**
   * Reads a student's answer to the latest request made of them, from the class's room: what was
   * asked before a reload is asked still, and an answer sent while the page was away is found.
   */
  const check = (id: string) => {
    const token = latestAsk(asks, order, id);
    const o = students.get(id);
    if (token === null || !o || checking.has(id) || shown.get(id) === token) return;
    const meta = o.doc.getMap(WEIGHTS_MAP).get('meta');
    if ((meta as { asked?: unknown } | undefined)?.asked !== token) {
      if (live.getState().weights[id]?.state !== 'asked') setWeights(id, { state: 'asked' });
      return;
    }
    checking.add(id);
    void readAnswer(o.doc, token).then((got) => {
      checking.delete(id);
      if (got === null || latestAsk(asks, order, id) !== token) return;
      shown.set(id, token);
      setWeights(
        id,
        got.ok ? { state: 'ready', name: got.name, bytes: got.bytes } : { state: 'refused', error: got.error },
      );
    });
  };
  const checkAll = () => {
    for (const id of students.keys()) check(id);
  };
  asks.observe(checkAll);

  cls.provider.on('status', ({ status }) => live.setState((s) => ({ status: linkStatus(s.status, status) })));

  // The board is redrawn at most every BOARD_MS, in an animation frame, reading again only the
  // rooms that changed (boardRows.ts).
  const rows = boardRows(
    () => students.keys(),
    (id) => {
      const o = students.get(id);
      return o ? readRow(id, o.doc) : null;
    },
    (list) => live.setState({ rows: list }),
    BOARD_MS,
  );
  const redraw = (id?: string) => rows.mark(id);
  const follow = () => {
    for (const id of roster.doc.getMap(ROSTER_MAP).keys()) {
      if (students.has(id)) continue;
      const o = openRoom(roomName({ code: m.code, kind: 'student', student: id }), m);
      o.doc.on('update', () => redraw(id));
      rows.mark(id);
      o.doc.getMap(WEIGHTS_MAP).observe(() => check(id));
      students.set(id, o);
      check(id);
    }
    redraw();
  };
  roster.doc.on('update', follow);

  let written = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const publish = () => {
    timer = null;
    const text = JSON.stringify(store.getState().doc);
    if (text === written) return;
    written = text;
    classMap.set('document', text);
  };
  const soon = () => {
    if (timer === null) timer = setTimeout(publish, PUBLISH_MS);
  };
  // The class's room may hold the diagram of before a reload: once synced, the editor's wins,
  // unless the page reloaded while it showed a student's model: then the class's comes back.
  cls.provider.once('sync', () => {
    const text = classMap.get('document');
    if (viewingKept(null) && typeof text === 'string') {
      viewingKept(false);
      const parsed = parseDocumentText(text);
      if (parsed.ok) {
        written = text;
        store.getState().setView({ openedModel: null });
        store.getState().setDocument(parsed.doc, false, 'file');
        return;
      }
    }
    publish();
  });
  const stopFlows = publishFlows(classMap, lessons, (start) => cls.provider.once('sync', start));

  let shareTimer: ReturnType<typeof setTimeout> | null = null;
  const share = () => {
    shareTimer = null;
    const { rows, named, shared } = live.getState();
    writeSharedBoard(board.doc, rows, named, shared);
  };
  const unshare = live.subscribe((s, prev) => {
    if (s.rows === prev.rows && s.named === prev.named && s.shared === prev.shared) return;
    if (shareTimer === null) shareTimer = setTimeout(share, s.shared === prev.shared ? SHARE_MS : 0);
  });
  // A teacher who reloads finds the board as shared as it was.
  board.provider.once('sync', () => {
    if (board.doc.getMap(BOARD_MAP).has(ROWS)) live.setState({ shared: true });
    share();
  });
  /** The class's diagram while the canvas shows a student's model: nothing is published meanwhile. */
  let aside: LensDocument | null = null;
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.doc !== prev.doc && aside === null) soon();
  });
  const backToClass = () => {
    if (aside === null) return;
    const s = store.getState();
    s.setView({ openedModel: null });
    s.setDocument(aside, false, 'file');
    aside = null;
    viewingKept(false);
    live.setState({ viewing: null, backToClass: null });
  };
  const openOnCanvas = async (id: string, label: string) => {
    const w = live.getState().weights[id];
    if (w?.state !== 'ready') return;
    const opened = await readPicked(new File([w.bytes.slice()], w.name));
    const s = store.getState();
    if (opened.kind !== 'model') {
      const why =
        opened.kind === 'error'
          ? opened.errors.map((e) => `${e.path} ${e.message}`.trim()).join('; ')
          : 'not a model file';
      s.notify(`${label}’s model could not be opened: ${why}`, 'error');
      return;
    }
    if (aside === null) {
      if (timer !== null) {
        clearTimeout(timer);
        publish();
      }
      aside = s.doc;
    }
    startOpened(store, `${label}’s model`, opened);
    viewingKept(true);
    live.setState({ viewing: { id, label }, backToClass });
  };
  live.setState({
    pauseEveryone: () => classMap.set('pause', countOf(classMap.get('pause')) + 1),
    resetEveryone: () => classMap.set('reset', countOf(classMap.get('reset')) + 1),
    askWeights: (key: string) => {
      raiseAsk(asks, order, key);
      for (const id of key === EVERYONE ? students.keys() : [key]) setWeights(id, { state: 'asked' });
      checkAll();
    },
    openOnCanvas: (id, label) => void openOnCanvas(id, label),
  });

  const stopPool = runTeacherPool({
    classMap,
    store,
    students,
    whenSynced: (start) => cls.provider.once('sync', start),
    aside: () => aside !== null,
  });

  return () => {
    stopPool();
    backToClass();
    unsubscribe();
    unshare();
    stopFlows();
    if (shareTimer !== null) clearTimeout(shareTimer);
    if (timer !== null) clearTimeout(timer);
    rows.stop();
    for (const o of students.values()) closeRoom(o);
    closeRoom(roster);
    closeRoom(board);
    closeRoom(cls);
    live.setState({
      pauseEveryone: null,
      resetEveryone: null,
      askWeights: null,
      openOnCanvas: null,
      weights: {},
      rows: [],
      shared: false,
    });
  };
}
