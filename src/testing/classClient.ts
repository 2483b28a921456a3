/**
 * Clients of the class server for its tests and its bench (docs/class.md): a class made over
 * HTTP, y-websocket's own provider in Node (over `ws`), a raw socket for messages no honest
 * client sends, and the y-protocols encoding of a sync update.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import { writeUpdate } from 'y-protocols/sync';
import { WebsocketProvider } from 'y-websocket';
import type * as Y from 'yjs';
import { KEY_LENGTH, randomSymbols, STUDENT_ID_LENGTH, SYNC_PATH } from '../io/classRooms';

export interface MadeClass {
  readonly code: string;
  readonly key: string;
}

export async function makeClass(http: string): Promise<MadeClass> {
  const res = await fetch(`${http}/class/new`, { method: 'POST' });
  if (!res.ok) throw new Error(`POST /class/new answered ${res.status}`);
  return (await res.json()) as MadeClass;
}

export const newSecret = (): string => randomSymbols(KEY_LENGTH, (n) => new Uint8Array(randomBytes(n)));
export const idOfSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex').slice(0, STUDENT_ID_LENGTH);

export type Params = Record<string, string>;
export const teacher = (c: MadeClass): Params => ({ role: 'teacher', key: c.key });
export const student = (secret: string): Params => ({ role: 'student', secret });

export function connect(http: string, room: string, doc: Y.Doc, params: Params): WebsocketProvider {
  const ws = http.replace(/^http/, 'ws') + SYNC_PATH;
  return new WebsocketProvider(ws, room, doc, {
    params,
    disableBc: true,
    maxBackoffTime: 300,
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
  });
}

export function synced(p: WebsocketProvider): Promise<void> {
  if (p.synced) return Promise.resolve();
  return new Promise((resolve) => {
    const on = (s: boolean) => {
      if (!s) return;
      p.off('sync', on);
      resolve();
    };
    p.on('sync', on);
  });
}

/** Resolves when `test` holds, checking every 10 ms; the test runner's own timeout bounds it. */
export async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((r) => setTimeout(r, 10));
}

/** A raw socket: open, or the HTTP status the server refused it with. */
export function rawSocket(http: string, room: string, params: Params): Promise<WebSocket | number> {
  const url = `${http.replace(/^http/, 'ws')}${SYNC_PATH}/${room}?${new URLSearchParams(params)}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

/** Resolves with the close code when the server closes `ws`. */
export const closed = (ws: WebSocket): Promise<number> => new Promise((r) => ws.once('close', (code) => r(code)));

/** The message y-websocket sends for one update of a document. */
export function updateMessage(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0);
  writeUpdate(e, update);
  return encoding.toUint8Array(e);
}
