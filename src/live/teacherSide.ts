/**
 * The teacher's page in a live class (docs/class.md): it writes the diagram open in the editor
 * into the class's room (a few times a second at most, only when it changed), raises the pause
 * count for "Pause everyone" and the reset count for "Reset everyone", and reads every student who joined — the roster the server keeps —
 * into the board's rows, once an animation frame at most. While the teacher shares the board,
 * it is written into the class's board room (boardShare.ts) at most twice a second; the lesson,
 * the presented animation and the dataset for everyone go out through teacherFlows.ts.
 */
import type { LessonStore } from '../classroom/lessonStore';
import type { EditorStore } from '../editor/store/createEditorStore';
import { roomName } from '../io/classRooms';
import { CLASS_MAP, ROSTER_MAP, readRow } from './board';
import { BOARD_MAP, ROWS, writeSharedBoard } from './boardShare';
import { closeRoom, type Opened, openRoom } from './connection';
import { countOf } from './counts';
import { live, type Membership } from './liveStore';
import { publishFlows } from './teacherFlows';

/** The teacher's edits reach the students within a second: written at most every 200 ms. */
const PUBLISH_MS = 200;
/** The shared board is written at most twice a second, as the students report. */
const SHARE_MS = 500;

export function runTeacher(m: Membership, store: EditorStore, lessons: LessonStore): () => void {
  const cls = openRoom(roomName({ code: m.code, kind: 'class' }), m);
  const board = openRoom(roomName({ code: m.code, kind: 'board' }), m);
  const roster = openRoom(roomName({ code: m.code, kind: 'roster' }), m);
  const students = new Map<string, Opened>();
  const classMap = cls.doc.getMap(CLASS_MAP);

  cls.provider.on('status', ({ status }) => live.setState({ status }));

  let frame = 0;
  const redraw = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      live.setState({ rows: [...students].map(([id, o]) => readRow(id, o.doc)) });
    });
  };
  const follow = () => {
    for (const id of roster.doc.getMap(ROSTER_MAP).keys()) {
      if (students.has(id)) continue;
      const o = openRoom(roomName({ code: m.code, kind: 'student', student: id }), m);
      o.doc.on('update', redraw);
      students.set(id, o);
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
  // The class's room may hold the diagram of before a reload: once synced, the editor's wins.
  cls.provider.once('sync', publish);
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
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.doc !== prev.doc) soon();
  });
  live.setState({
    pauseEveryone: () => classMap.set('pause', countOf(classMap.get('pause')) + 1),
    resetEveryone: () => classMap.set('reset', countOf(classMap.get('reset')) + 1),
  });

  return () => {
    unsubscribe();
    unshare();
    stopFlows();
    if (shareTimer !== null) clearTimeout(shareTimer);
    if (timer !== null) clearTimeout(timer);
    if (frame) cancelAnimationFrame(frame);
    for (const o of students.values()) closeRoom(o);
    closeRoom(roster);
    closeRoom(board);
    closeRoom(cls);
    live.setState({ pauseEveryone: null, resetEveryone: null, rows: [], shared: false });
  };
}
