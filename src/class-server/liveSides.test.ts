/**
 * A live class's two sides against a real class server on 127.0.0.1 (docs/class.md): the
 * teacher's page (teacherSide.ts) and a student's (studentSide.ts), each over its own
 * connections (connection.ts), with real editor and lesson stores. What the teacher sends — the
 * diagram, pause and reset, a dataset for everyone, the lesson and its step, the presented
 * frame, the shared board — reaches the student; the student's report reaches the board; and
 * an unshared board leaves no name in what a student can read. It sits beside the server, not
 * beside src/live, because the live floor may not import the server (docs/architecture.md); the
 * server and the stubbed browser come from src/testing/liveServer.ts, as livePool.test.ts's do.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createLessonStore } from '../classroom/lessonStore';
import { shippedLessons } from '../classroom/lessons';
import { createEditorStore } from '../editor/store/createEditorStore';
import { roomName } from '../io/classRooms';
import { loadExample } from '../io/examples';
import { BOARD_MAP, ROWS } from '../live/boardShare';
import { makeClass, NO_SERVER, newSecret, studentIdOf } from '../live/connection';
import { LED } from '../live/flows';
import { live, type Membership } from '../live/liveStore';
import { runStudent } from '../live/studentSide';
import { runTeacher } from '../live/teacherSide';
import { connect, idOfSecret, rawSocket, student, synced, teacher, until, updateMessage } from '../testing/classClient';
import { fakeShelf, liveServerForFile } from '../testing/liveServer';
import { sharedFrame } from '../train-ui/animate/sharedFrame';
import { presentStore } from '../train-ui/present/presentStore';

const server = liveServerForFile();
const { lines } = server;

describe('the page’s connection', () => {
  it('makes a class, and names a student by the hash the server checks', async () => {
    const made = await makeClass();
    if ('error' in made) throw new Error(made.error);
    expect(made.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const secret = newSecret();
    expect(secret).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await studentIdOf(secret)).toBe(idOfSecret(secret));
  });

  it('says that no class server answered where none listens', async () => {
    server.locate(1);
    try {
      expect(await makeClass()).toEqual({ error: NO_SERVER });
    } finally {
      server.locate();
    }
  });
});

describe('a teacher and a student', () => {
  it('carry the diagram, the orders, the dataset, the lesson led or released, the frame, the report and the shared board', async () => {
    const made = await makeClass();
    if ('error' in made) throw new Error(made.error);
    const t: Membership = { role: 'teacher', code: made.code, key: made.key };
    const s: Membership = { role: 'student', code: made.code, secret: newSecret(), name: 'Ada' };
    const tEditor = createEditorStore({ doc: loadExample('xor') });
    const sEditor = createEditorStore();
    const tLessons = createLessonStore();
    const sLessons = createLessonStore();
    const { shelf, orders, session } = fakeShelf();
    let stopTeacher = runTeacher(t, tEditor, tLessons);
    const stopStudent = runStudent(s, sEditor, shelf, sLessons);
    try {
      // The diagram arrives locked.
      await until(() => sEditor.getState().doc.boxes.length === tEditor.getState().doc.boxes.length);
      expect(sEditor.getState().classLock).not.toBeNull();

      // The report reaches the teacher's board.
      await until(() => live.getState().rows.length === 1 && live.getState().rows[0].step === 12);
      expect(live.getState().rows[0]).toMatchObject({ name: 'Ada', loss: 0.25, accuracy: 0.75 });

      // Pause and reset everyone: each press acts once.
      await until(() => live.getState().pauseEveryone !== null);
      live.getState().pauseEveryone?.();
      await until(() => orders.length === 1);
      live.getState().resetEveryone?.();
      await until(() => orders.length === 2);
      expect(orders).toEqual(['pause', 'reset']);

      // A dataset for everyone replaces the diagram's own; the drawing stays locked; none gives it back.
      await until(() => live.getState().chooseDataset !== null);
      const own = tEditor.getState().doc.dataset?.id;
      live.getState().chooseDataset?.({ id: 'circles', options: {} });
      await until(() => sEditor.getState().doc.dataset?.id === 'circles');
      expect(sEditor.getState().classLock).not.toBeNull();
      expect(tEditor.getState().doc.dataset?.id).toBe(own);
      live.getState().chooseDataset?.(null);
      await until(() => sEditor.getState().doc.dataset?.id === own);

      // The lesson and its step.
      const ready = shippedLessons()[0];
      tLessons.getState().begin(ready, 0);
      tLessons.getState().go(2, 0);
      await until(() => sLessons.getState().active?.lesson.id === ready.lesson.id && sLessons.getState().index === 2);
      // The teacher leads: the student's step buttons say why they are not theirs.
      expect(sLessons.getState().ledBy).toBe(LED);
      // Released, the student steps alone and the teacher's step no longer moves them.
      live.setState({ lessonReleased: true });
      await until(() => sLessons.getState().ledBy === null);
      sLessons.getState().go(4, 0);
      tLessons.getState().go(3, 0);
      // The teacher's updates arrive in order: once the presentation that followed the step is
      // seen, the step was seen too.
      presentStore.setState({ showing: 'animation' });
      sharedFrame.setState({ shown: 1 });
      await until(() => sharedFrame.getState().follow === 1);
      expect(sLessons.getState().index).toBe(4);
      presentStore.setState({ showing: null });
      await until(() => sharedFrame.getState().follow === null);
      // Led again, the student is back at the teacher's step.
      live.setState({ lessonReleased: false });
      await until(() => sLessons.getState().ledBy === LED && sLessons.getState().index === 3);
      tLessons.getState().go(2, 0);
      await until(() => sLessons.getState().index === 2);
      // A teacher who reloads takes the class's lesson up again at its step, the dataset chosen,
      // and the choices made: the lesson released, the board's names shown.
      live.getState().chooseDataset?.({ id: 'moons', options: {} });
      live.setState({ lessonReleased: true, named: true });
      await until(() => sEditor.getState().doc.dataset?.id === 'moons' && sLessons.getState().ledBy === null);
      stopTeacher();
      expect(live.getState()).toMatchObject({ lessonReleased: false, named: false });
      const reloaded = createLessonStore();
      stopTeacher = runTeacher(t, tEditor, reloaded);
      await until(() => reloaded.getState().active?.lesson.id === ready.lesson.id);
      expect(reloaded.getState().index).toBe(2);
      await until(() => live.getState().classDataset?.id === 'moons' && live.getState().lessonReleased);
      expect(live.getState().named).toBe(true);
      live.setState({ lessonReleased: false, named: false });
      expect(sLessons.getState().active?.lesson.id).toBe(ready.lesson.id);
      live.getState().chooseDataset?.(null);
      reloaded.getState().close();
      await until(() => sLessons.getState().active === null);

      // The presented animation: the student follows the teacher's frame, and stops when the teacher does.
      presentStore.setState({ showing: 'animation' });
      sharedFrame.setState({ shown: 3 });
      await until(() => sharedFrame.getState().follow === 3);
      presentStore.setState({ showing: null });
      await until(() => sharedFrame.getState().follow === null);
      // Any presentation is followed, as led by the teacher (the page shows whose it is and the way
      // out), and ends with the teacher's. (One process: the two sides share the presentation's store.)
      presentStore.setState({ showing: 'lens' });
      await until(() => presentStore.getState().led);
      expect(presentStore.getState().showing).toBe('lens');
      presentStore.setState({ showing: null });
      await until(() => !presentStore.getState().led);

      // The board, shared: numbered rows, no names until the teacher shows them.
      session.state = { ...session.state, step: 20 };
      live.setState({ shared: true });
      await until(() => live.getState().sharedRows.length === 1);
      expect(live.getState().sharedRows[0]).toMatchObject({ id: '1', name: '' });
      live.setState({ named: true });
      await until(() => live.getState().sharedRows[0]?.name === 'Ada');
      live.setState({ shared: false, named: false });
      await until(() => live.getState().sharedRows.length === 0);

      // Unshared, what a student reads of the board room holds no name, not even a deleted one.
      const seen = new Y.Doc();
      const p = connect(server.http, roomName({ code: made.code, kind: 'board' }), seen, student(newSecret()));
      await synced(p);
      expect(seen.getMap(BOARD_MAP).has(ROWS)).toBe(false);
      expect(Buffer.from(Y.encodeStateAsUpdate(seen)).includes('Ada')).toBe(false);
      p.destroy();
    } finally {
      stopStudent();
      stopTeacher();
    }
  });

  it('carry a student’s model file to the teacher in chunks under the cap, asked before a reload or after, and pool the students’ points', async () => {
    const made = await makeClass();
    if ('error' in made) throw new Error(made.error);
    const t: Membership = { role: 'teacher', code: made.code, key: made.key };
    const s: Membership = { role: 'student', code: made.code, secret: newSecret(), name: 'Ada' };
    const tEditor = createEditorStore({ doc: loadExample('xor') });
    const sEditor = createEditorStore();
    const { shelf, session } = fakeShelf();
    // ~600 kB: four chunks, each one message under the server's 256 kB for a student.
    const text = JSON.stringify({ format: 'lensboard-model', pad: 'w'.repeat(600_000) });
    Object.assign(session, { reads: { modelFile: async () => ({ text }) } });
    session.state = { ...session.state, ready: {} } as typeof session.state;
    let stopTeacher = runTeacher(t, tEditor, createLessonStore());
    const stopStudent = runStudent(s, sEditor, shelf, createLessonStore());
    const reload = () => {
      stopTeacher();
      stopTeacher = runTeacher(t, tEditor, createLessonStore());
    };
    try {
      await until(() => live.getState().rows.length === 1 && live.getState().askWeights !== null);
      const id = live.getState().rows[0].id;
      live.getState().askWeights?.(id);
      await until(() => live.getState().weights[id]?.state !== 'asked');
      const got = live.getState().weights[id];
      expect(got?.state).toBe('ready');
      if (got?.state === 'ready') expect(new TextDecoder().decode(got.bytes)).toBe(text);
      expect(lines.filter((l) => l.includes('oversized'))).toEqual([]);

      // A teacher who reloads finds the answer that came, without asking again.
      reload();
      await until(() => live.getState().weights[id]?.state === 'ready');

      // Asked everyone, then reloaded while Ada's page is still writing: the request survives the
      // reload, and her answer, arriving after it, is taken.
      let release = () => {};
      let writing = false;
      const later = JSON.stringify({ format: 'lensboard-model', pad: 'later' });
      Object.assign(session, {
        reads: {
          modelFile: () => {
            writing = true;
            return new Promise((done) => {
              release = () => done({ text: later });
            });
          },
        },
      });
      live.getState().askWeights?.('*');
      await until(() => writing);
      reload();
      await until(() => live.getState().weights[id]?.state === 'asked');
      release();
      await until(() => live.getState().weights[id]?.state === 'ready');
      const after = live.getState().weights[id];
      if (after?.state === 'ready') expect(new TextDecoder().decode(after.bytes)).toBe(later);

      // The points: one of each class, then the pool binds the class's diagram on both pages.
      await until(() => live.getState().editPoints !== null);
      live.getState().editPoints?.({ add: [0.5, 0.5, 0] });
      live.getState().editPoints?.({ add: [-0.5, -0.5, 1] });
      await until(() => live.getState().myPoints.length === 2);
      // Pressed again until the teacher's copy of Ada's room holds both points: a refusal writes nothing.
      await until(() => {
        live.getState().poolClass?.();
        return live.getState().poolNote?.text.startsWith('Pooled') ?? false;
      });
      expect(live.getState().poolNote?.text).toContain('Pooled 2 points from 1 student');
      expect(tEditor.getState().doc.dataset).toMatchObject({ id: 'csv', options: { rows: 2 } });
      await until(() => sEditor.getState().doc.dataset?.id === 'csv');
    } finally {
      stopStudent();
      stopTeacher();
    }
  });

  it('refuses a student’s write to the board, and another student’s room, so no student reads a name unshared', async () => {
    const made = await makeClass();
    if ('error' in made) throw new Error(made.error);
    const board = roomName({ code: made.code, kind: 'board' });
    const forged = new Y.Doc();
    forged.getMap(BOARD_MAP).set(ROWS, JSON.stringify([{ name: 'forged' }]));
    const ws = await rawSocket(server.http, board, student(newSecret()));
    if (typeof ws === 'number') throw new Error(`refused ${ws}`);
    const before = lines.length;
    ws.send(updateMessage(Y.encodeStateAsUpdate(forged)));
    await until(() => lines.slice(before).some((l) => l.includes(`student on ${board}: wrong role`)));
    ws.close();
    const check = new Y.Doc();
    const c = connect(server.http, board, check, teacher(made));
    await synced(c);
    expect(check.getMap(BOARD_MAP).has(ROWS)).toBe(false);
    c.destroy();
    const other = roomName({ code: made.code, kind: 'student', student: idOfSecret(newSecret()) });
    expect(await rawSocket(server.http, other, student(newSecret()))).toBe(403);
  });
});
