/**
 * The page's connections to the class server that served it (docs/class.md): a class made by
 * `POST /class/new`, and one y-websocket provider per room, which reconnects by itself when the
 * server comes back. Loaded only when a class starts, so a page without a class fetches none of it.
 */
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { KEY_LENGTH, randomSymbols, STUDENT_ID_LENGTH, SYNC_PATH } from '../io/classRooms';
import type { Membership } from './liveStore';

export const NO_SERVER =
  'No class server answered here: a live class needs the page opened from `npm run class` (docs/class.md).';

export async function makeClass(): Promise<{ code: string; key: string } | { error: string }> {
  try {
    const res = await fetch(`${location.origin}/class/new`, { method: 'POST' });
    if (res.status === 429) return { error: 'Too many classes made from this computer in a minute: wait a minute.' };
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('application/json')) return { error: NO_SERVER };
    const made = (await res.json()) as { code: string; key: string };
    return { code: made.code, key: made.key };
  } catch {
    return { error: NO_SERVER };
  }
}

export const newSecret = (): string => randomSymbols(KEY_LENGTH, (n) => crypto.getRandomValues(new Uint8Array(n)));

export async function studentIdOf(secret: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, STUDENT_ID_LENGTH);
}

const syncUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SYNC_PATH}`;

export const paramsOf = (m: Membership): Record<string, string> =>
  m.role === 'teacher' ? { role: 'teacher', key: m.key ?? '' } : { role: 'student', secret: m.secret ?? '' };

/** One room: its document and the provider that keeps it in step with the server. */
export interface Opened {
  readonly doc: Y.Doc;
  readonly provider: WebsocketProvider;
}

export function openRoom(room: string, m: Membership): Opened {
  const doc = new Y.Doc();
  // disableBc: two tabs of one browser must not pass documents to each other around the server.
  const provider = new WebsocketProvider(syncUrl(), room, doc, {
    params: paramsOf(m),
    disableBc: true,
    maxBackoffTime: 1000,
  });
  return { doc, provider };
}

export function closeRoom(o: Opened): void {
  o.provider.destroy();
  o.doc.destroy();
}
