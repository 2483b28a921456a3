/**
 * `npm run class` as a process (docs/class.md#operating): its usage, and a class that survives
 * the server being killed — the providers reconnect by themselves to the restarted server and
 * find the teacher's and the student's documents as they were, with what they wrote meanwhile.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { roomName } from '../io/classRooms';
import { connect, idOfSecret, makeClass, newSecret, student, synced, teacher, until } from '../testing/classClient';
import { parseClassArgs } from './args';

const MAIN = 'src/class-server/main.ts';

function start(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--host', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /class server on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => reject(new Error(`the class server exited with ${code}: ${out}`)));
  });
}

describe('the options of npm run class', () => {
  it('reads host, port and folders, and asks for help', () => {
    const r = parseClassArgs(['--host', '127.0.0.1', '--port=0', '--data', 'd'], '/dist');
    expect(r).toMatchObject({ ok: true, args: { host: '127.0.0.1', port: 0, dist: '/dist' } });
    expect(parseClassArgs(['--help'], '/dist')).toEqual({ ok: 'help' });
  });

  it('refuses an unknown option, a bad port and a stray word, naming each', () => {
    expect(parseClassArgs(['--prot', '1'], '/d')).toMatchObject({
      ok: false,
      error: expect.stringContaining("'--prot'"),
    });
    expect(parseClassArgs(['--port', '70000'], '/d')).toEqual({
      ok: false,
      error: "--port must be an integer in [0, 65535], got '70000'",
    });
    expect(parseClassArgs(['serve'], '/d')).toMatchObject({ ok: false, error: expect.stringContaining("'serve'") });
  });
});

describe('npm run class', () => {
  it('keeps every class through a kill and a restart, and the providers reconnect', async () => {
    const data = mkdtempSync(join(tmpdir(), 'lensboard-class-'));
    const first = await start(['--port', '0', '--data', data]);
    const http = `http://127.0.0.1:${first.port}`;
    const made = await makeClass(http);
    const secret = newSecret();
    const own = roomName({ code: made.code, kind: 'student', student: idOfSecret(secret) });
    const tDoc = new Y.Doc();
    const t = connect(http, roomName({ code: made.code, kind: 'class' }), tDoc, teacher(made));
    const sDoc = new Y.Doc();
    const s = connect(http, own, sDoc, student(secret));
    await Promise.all([synced(t), synced(s)]);
    tDoc.getMap('class').set('diagram', 'before');
    sDoc.getArray('loss').push([0.9]);
    const seen = new Y.Doc();
    const tSees = connect(http, own, seen, teacher(made));
    await until(() => seen.getArray('loss').length === 1);

    first.child.kill('SIGKILL');
    await until(() => !s.wsconnected && !t.wsconnected);
    // Written while the server is down: the provider sends it when it is back.
    sDoc.getArray('loss').push([0.7]);
    const second = await start(['--port', String(first.port), '--data', data]);
    await until(() => seen.getArray('loss').length === 2);
    const fresh = new Y.Doc();
    const f = connect(http, roomName({ code: made.code, kind: 'class' }), fresh, teacher(made));
    await until(() => fresh.getMap('class').get('diagram') === 'before');
    expect(seen.getArray('loss').toArray()).toEqual([0.9, 0.7]);
    for (const p of [t, s, tSees, f]) p.destroy();
    second.child.kill('SIGTERM');
  });
});
