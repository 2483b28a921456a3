/**
 * One class server on 127.0.0.1 for a test file that drives the live class's two sides
 * (teacherSide.ts, studentSide.ts) in Node (docs/class.md): started before the file's tests,
 * closed after them, with the browser globals the sides use (`location`, `WebSocket`, animation
 * frames, `document`) stubbed to reach it; and fake training sessions for a student's page.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { WebSocket } from 'ws';
import { type ClassServer, startClassServer } from '../class-server/server';
import type { SessionShelf } from '../train-ui/session/sessionShelf';

export interface LiveServer {
  /** `http://127.0.0.1:<port>`, once the server is up. */
  readonly http: string;
  /** Every line the server logged (a refusal is one). */
  readonly lines: string[];
  /** Points the page's `location` at `port` (1: where no server listens), or back at the server. */
  readonly locate: (port?: number) => void;
}

const at = (port: number) => ({ protocol: 'http:', host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` });

/** Registers the server's start and close around the calling file's tests. */
export function liveServerForFile(): LiveServer {
  let server: ClassServer | null = null;
  const lines: string[] = [];
  const locate = (port?: number) => vi.stubGlobal('location', at(port ?? server?.port ?? 1));
  beforeAll(async () => {
    server = await startClassServer({
      host: '127.0.0.1',
      port: 0,
      data: mkdtempSync(join(tmpdir(), 'lensboard-live-')),
      dist: mkdtempSync(join(tmpdir(), 'lensboard-dist-')),
      log: (l) => lines.push(l),
      // the two sides write often while a test drives them: no rate limit is under test here
      burst: 1000,
      perSecond: 1000,
    });
    locate();
    vi.stubGlobal('WebSocket', WebSocket);
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => setTimeout(f, 0));
    vi.stubGlobal('cancelAnimationFrame', (t: ReturnType<typeof setTimeout>) => clearTimeout(t));
    vi.stubGlobal('document', { documentElement: {}, fullscreenElement: null });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await server?.close();
  });
  return {
    get http() {
      if (!server) throw new Error('the class server is not up: read `http` inside a test');
      return `http://127.0.0.1:${server.port}`;
    },
    lines,
    locate,
  };
}

export interface FakeSession {
  state: Record<string, unknown>;
  pause: () => void;
  reset: () => void;
}

/**
 * A training session that records the orders it was given and reports the state a test sets
 * (`running` at step 12 by default; `idle` for a page that never trains).
 */
export function fakeShelf(phase: 'running' | 'idle' = 'running') {
  const orders: string[] = [];
  const session: FakeSession = {
    state:
      phase === 'running'
        ? { phase, step: 12, epoch: 3, loss: 0.25, accuracy: 0.75, taken: 12 }
        : { phase, step: 0, epoch: 0, taken: 0 },
    pause: () => orders.push('pause'),
    reset: () => orders.push('reset'),
  };
  const shown = { getState: () => ({ key: 'k', session, serial: 0 }) };
  return { shelf: { shown, session } as unknown as SessionShelf, orders, session };
}
