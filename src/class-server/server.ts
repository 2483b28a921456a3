/**
 * The class server (docs/class.md): the built app over HTTP, a class made by `POST /class/new`,
 * and y-websocket's own connection handler (@y/websocket-server) on `/sync/<room>`, with the
 * class's documents kept in LevelDB through y-leveldb. What this file adds to the library is the
 * door: who may open which room (access.ts), and which of a connection's messages reach the
 * library (messages.ts, limits.ts). Every refusal is one line of the log; none throws.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { docs, getYDoc, setPersistence, setupWSConnection, type WSSharedDoc } from '@y/websocket-server/utils';
import { type WebSocket, WebSocketServer } from 'ws';
import { LeveldbPersistence } from 'y-leveldb';
import * as Y from 'yjs';
import { CODE_LENGTH, KEY_LENGTH, randomSymbols, roomName } from '../io/classRooms';
import { decide, sha256 } from './access';
import { FailureLimiter, TokenBucket } from './limits';
import { judgeMessage } from './messages';
import { serveStatic } from './static';

export interface ClassServerOptions {
  readonly host: string;
  readonly port: number;
  /** The LevelDB folder the classes are kept in. */
  readonly data: string;
  /** The built app. */
  readonly dist: string;
  readonly log: (line: string) => void;
  /** Bytes per message: a teacher's (the diagram) and a student's (their metrics). */
  readonly teacherCap?: number;
  readonly studentCap?: number;
  /** Messages per connection: a burst, then a rate per second. */
  readonly burst?: number;
  readonly perSecond?: number;
  /** Refused connections (unknown code, wrong key) per address per minute before it is shut out. */
  readonly failuresPerMinute?: number;
}

export interface ClassServer {
  readonly port: number;
  readonly close: () => Promise<void>;
}

const rand = (n: number) => new Uint8Array(randomBytes(n));

function addressOf(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function startClassServer(o: ClassServerOptions): Promise<ClassServer> {
  const ldb = new LeveldbPersistence(o.data);
  const loading = new Map<string, Promise<void>>();
  // The library's getYDoc binds a new document to its persistence and does not wait for it; the
  // door below waits for this load before the first message reaches the document.
  setPersistence({
    provider: ldb,
    bindState: (name: string, doc: WSSharedDoc) => {
      const load = (async () => {
        const kept = await ldb.getYDoc(name);
        Y.applyUpdate(doc, Y.encodeStateAsUpdate(kept));
        doc.on('update', (update: Uint8Array) => {
          ldb.storeUpdate(name, update);
        });
      })();
      loading.set(name, load);
    },
    writeState: async (name: string) => {
      loading.delete(name);
    },
  });

  const teacherHashes = new Map<string, string | null>();
  const registry = async (code: string): Promise<string | null> => {
    const known = teacherHashes.get(code);
    if (typeof known === 'string') return known;
    const kept = (await ldb.getMeta(`${code}/class`, 'teacher')) as string | undefined;
    if (typeof kept === 'string') teacherHashes.set(code, kept);
    return kept ?? null;
  };

  const failures = new FailureLimiter(o.failuresPerMinute ?? 20, 60_000);
  const creations = new FailureLimiter(o.failuresPerMinute ?? 20, 60_000);
  const log = (address: string, what: string) => o.log(`${new Date().toISOString()} ${address} ${what}`);

  async function newClass(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const address = addressOf(req);
    if (creations.blocked(address, Date.now())) {
      log(address, 'refused: too many classes made from this address in a minute');
      res
        .writeHead(429, { 'content-type': 'text/plain' })
        .end('Too many classes made from this address: wait a minute.\n');
      return;
    }
    creations.fail(address, Date.now());
    const code = randomSymbols(CODE_LENGTH, rand);
    const key = randomSymbols(KEY_LENGTH, rand);
    await ldb.setMeta(`${code}/class`, 'teacher', sha256(key));
    teacherHashes.set(code, sha256(key));
    log(address, `made class ${code}`);
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ code, key }));
  }

  const http: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/class/new') {
      newClass(req, res).catch((e: unknown) => {
        log(addressOf(req), `error making a class: ${(e as Error).message}`);
        res.writeHead(500).end();
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    serveStatic(o.dist, req, res);
  });

  const teacherCap = o.teacherCap ?? 2_000_000;
  const studentCap = o.studentCap ?? 256_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: Math.max(teacherCap, studentCap) + 1024 });

  function guard(conn: WebSocket, doc: Y.Doc, address: string, what: string, access: 'read' | 'write', cap: number) {
    const bucket = new TokenBucket(o.burst ?? 40, o.perSecond ?? 10, Date.now());
    const on = conn.on.bind(conn) as (event: string, listener: (...args: unknown[]) => void) => WebSocket;
    // The library listens for messages through conn.on('message'); its listener sees only what passes.
    (conn as unknown as { on: typeof on }).on = (event, listener) => {
      if (event !== 'message') return on(event, listener);
      return on('message', (data: unknown, ...rest: unknown[]) => {
        const bytes = new Uint8Array(data as ArrayBuffer);
        if (!bucket.take(Date.now())) {
          log(address, `refused ${what}: too frequent (over ${o.perSecond ?? 10} messages a second); closing`);
          conn.close(1008, 'too frequent');
          return;
        }
        const verdict = judgeMessage(bytes, access, doc, cap);
        if (verdict.ok) {
          listener(data, ...rest);
          return;
        }
        if (!verdict.quiet) log(address, `refused ${what}: ${verdict.reason}`);
        if (verdict.close) conn.close(1008, verdict.reason.slice(0, 100));
      });
    };
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const address = addressOf(req);
    if (failures.blocked(address, Date.now())) {
      log(address, 'refused a connection: too many refused connections from this address in a minute');
      refuseUpgrade(socket, 429, 'Too Many Requests');
      return;
    }
    const d = await decide(req.url ?? '/', registry);
    if (!d.ok) {
      failures.fail(address, Date.now());
      log(address, `refused a connection: ${d.reason}`);
      refuseUpgrade(socket, d.status, d.status === 404 ? 'Not Found' : d.status === 403 ? 'Forbidden' : 'Bad Request');
      return;
    }
    const doc = getYDoc(d.name);
    await loading.get(d.name);
    if (d.role === 'student' && d.room.kind === 'student') {
      const rosterName = roomName({ code: d.room.code, kind: 'roster' });
      const roster = getYDoc(rosterName);
      await loading.get(rosterName);
      const students = roster.getMap('students');
      if (!students.has(d.room.student ?? '')) students.set(d.room.student ?? '', Date.now());
    }
    wss.handleUpgrade(req, socket, head, (conn) => {
      const cap = d.role === 'teacher' ? teacherCap : studentCap;
      guard(conn, doc, address, `${d.role} on ${d.name}`, d.access, cap);
      conn.on('error', (e) => log(address, `connection error on ${d.name}: ${e.message}`));
      setupWSConnection(conn, req, { docName: d.name });
    });
  }

  http.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    upgrade(req, socket, head).catch((e: unknown) => {
      log(addressOf(req), `error opening a connection: ${(e as Error).message}`);
      socket.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(o.port, o.host, () => resolve());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : o.port;

  return {
    port,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((r) => http.close(() => r()));
      docs.clear();
      await ldb.destroy();
    },
  };
}
