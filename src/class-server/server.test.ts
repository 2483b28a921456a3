/**
 * The class server's door on real sockets on 127.0.0.1 (docs/class.md#roles): honest teachers
 * and students through y-websocket's own provider, and raw sockets for what no honest client
 * sends — the wrong role, the wrong key, an oversized, malformed, replayed or too frequent
 * message. Each refusal must leave a line in the log and the server serving.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { roomName } from '../io/classRooms';
import {
  closed,
  connect,
  idOfSecret,
  type MadeClass,
  makeClass,
  newSecret,
  rawSocket,
  student,
  synced,
  teacher,
  until,
  updateMessage,
} from '../testing/classClient';
import { type ClassServer, startClassServer } from './server';

const lines: string[] = [];
let server: ClassServer;
let http: string;
let made: MadeClass;
const cls = () => roomName({ code: made.code, kind: 'class' });
const logged = (part: string) => until(() => lines.some((l) => l.includes(part)));

beforeAll(async () => {
  server = await startClassServer({
    host: '127.0.0.1',
    port: 0,
    data: mkdtempSync(join(tmpdir(), 'lensboard-class-')),
    dist: mkdtempSync(join(tmpdir(), 'lensboard-dist-')),
    log: (l) => lines.push(l),
    studentCap: 4096,
    burst: 8,
    perSecond: 2,
    failuresPerMinute: 6,
  });
  http = `http://127.0.0.1:${server.port}`;
  made = await makeClass(http);
});
afterAll(() => server.close());

describe('the class server', () => {
  it('makes a class with a code and a key of the agreed sizes', () => {
    expect(made.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(made.key).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('carries the teacher’s document to a student, and a student’s own to the teacher', async () => {
    const tDoc = new Y.Doc();
    const t = connect(http, cls(), tDoc, teacher(made));
    tDoc.getMap('class').set('diagram', 'drawn by the teacher');
    const secret = newSecret();
    const sDoc = new Y.Doc();
    const s = connect(http, cls(), sDoc, student(secret));
    await until(() => sDoc.getMap('class').get('diagram') === 'drawn by the teacher');
    const own = roomName({ code: made.code, kind: 'student', student: idOfSecret(secret) });
    const mine = new Y.Doc();
    const sOwn = connect(http, own, mine, student(secret));
    mine.getMap('student').set('name', 'Ada');
    const seen = new Y.Doc();
    const tSees = connect(http, own, seen, teacher(made));
    const roster = new Y.Doc();
    const tRoster = connect(http, roomName({ code: made.code, kind: 'roster' }), roster, teacher(made));
    await until(() => seen.getMap('student').get('name') === 'Ada');
    await until(() => roster.getMap('students').has(idOfSecret(secret)));
    for (const p of [t, s, sOwn, tSees, tRoster]) p.destroy();
  });

  it('drops a student’s change of the teacher’s document, and of another student’s, and logs it', async () => {
    const tDoc = new Y.Doc();
    const t = connect(http, cls(), tDoc, teacher(made));
    await synced(t);
    tDoc.getMap('class').set('diagram', 'v1');
    const forged = new Y.Doc();
    forged.getMap('class').set('diagram', 'forged');
    const ws = await rawSocket(http, cls(), student(newSecret()));
    if (typeof ws === 'number') throw new Error(`refused ${ws}`);
    ws.send(updateMessage(Y.encodeStateAsUpdate(forged)));
    await logged('wrong role: this connection may only read');
    // A teacher's change sent after the forgery arrives: the forgery was not merely slow.
    tDoc.getMap('class').set('after', 1);
    const check = new Y.Doc();
    const c = connect(http, cls(), check, teacher(made));
    await until(() => check.getMap('class').get('after') === 1);
    expect(check.getMap('class').get('diagram')).toBe('v1');
    ws.close();
    const other = roomName({ code: made.code, kind: 'student', student: idOfSecret(newSecret()) });
    expect(await rawSocket(http, other, student(newSecret()))).toBe(403);
    await logged(`a student may not open ${other}`);
    t.destroy();
    c.destroy();
  });

  it('refuses a wrong teacher key, an unknown class and an unknown role, naming each', async () => {
    expect(await rawSocket(http, cls(), { role: 'teacher', key: newSecret() })).toBe(403);
    expect(await rawSocket(http, `${made.code}/class`, { role: 'admin' })).toBe(400);
    expect(await rawSocket(http, 'not-a-room', teacher(made))).toBe(400);
    await logged(`wrong teacher key for class ${made.code}`);
    await logged("unknown role 'admin'");
    await logged("malformed room name 'not-a-room'");
  });

  it('closes a connection that sends an oversized or malformed message, and goes on serving', async () => {
    const secret = newSecret();
    const own = roomName({ code: made.code, kind: 'student', student: idOfSecret(secret) });
    for (const [bytes, why] of [
      [new Uint8Array(5000), 'oversized: 5000 bytes, the cap is 4096'],
      [Uint8Array.of(0, 2, 5, 1, 2), 'malformed: the message ends too early'],
      [Uint8Array.of(0, 2, 3, 255, 255, 255), 'malformed: an update that does not decode'],
      [Uint8Array.of(7), 'malformed: unknown message type 7'],
    ] as const) {
      const ws = await rawSocket(http, own, student(secret));
      if (typeof ws === 'number') throw new Error(`refused ${ws}`);
      const code = closed(ws);
      ws.send(bytes);
      expect(await code).toBe(1008);
      await logged(why);
    }
    const d = new Y.Doc();
    const p = connect(http, own, d, student(secret));
    await synced(p);
    p.destroy();
  });

  it('applies a replayed update once, and refuses a teacher’s update replayed by a student', async () => {
    const secret = newSecret();
    const own = roomName({ code: made.code, kind: 'student', student: idOfSecret(secret) });
    const local = new Y.Doc();
    local.getArray('loss').push([0.5]);
    const update = Y.encodeStateAsUpdate(local);
    const ws = await rawSocket(http, own, student(secret));
    if (typeof ws === 'number') throw new Error(`refused ${ws}`);
    ws.send(updateMessage(update));
    ws.send(updateMessage(update));
    const seen = new Y.Doc();
    const t = connect(http, own, seen, teacher(made));
    await until(() => seen.getArray('loss').length > 0);
    expect(seen.getArray('loss').toArray()).toEqual([0.5]);
    ws.close();
    t.destroy();

    const tDoc = new Y.Doc();
    const captured: Uint8Array[] = [];
    tDoc.on('update', (u: Uint8Array) => captured.push(u));
    const tc = connect(http, cls(), tDoc, teacher(made));
    tDoc.getMap('class').set('step', 3);
    await synced(tc);
    tDoc.getMap('class').set('step', 4);
    const replay = await rawSocket(http, cls(), student(newSecret()));
    if (typeof replay === 'number') throw new Error(`refused ${replay}`);
    const before = lines.length;
    replay.send(updateMessage(captured[0]));
    await until(() => lines.slice(before).some((l) => l.includes('wrong role')));
    replay.close();
    tc.destroy();
  });

  it('closes a connection that sends too often, and the provider comes back with nothing lost', async () => {
    const secret = newSecret();
    const own = roomName({ code: made.code, kind: 'student', student: idOfSecret(secret) });
    const mine = new Y.Doc();
    const p = connect(http, own, mine, student(secret));
    await synced(p);
    for (let i = 0; i < 20; i++) mine.getArray('loss').push([i]);
    await logged('too frequent');
    const seen = new Y.Doc();
    const t = connect(http, own, seen, teacher(made));
    await until(() => seen.getArray('loss').length === 20);
    p.destroy();
    t.destroy();
  });

  it('shuts out an address after a few refused joins, even with a right code', async () => {
    for (let i = 0; i < 6; i++) await rawSocket(http, 'ZZZZZZZZZZ/class', student(newSecret()));
    expect(await rawSocket(http, cls(), student(newSecret()))).toBe(429);
    await logged('too many refused connections from this address');
  });
});
