/**
 * The spare training worker (trainerClient.ts, `warmTrainer`): loaded once ahead of the next run,
 * taken by the next spawn instead of a new worker, never two at a time, and dropped when its
 * script failed to load. Worker is stubbed: each one made is recorded with what was done to it.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { spawnTrainer, warmTrainer } from './trainerClient';

class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: unknown = null;
  onerror: ((e: { message?: string; preventDefault?(): void }) => void) | null = null;
  terminated = false;
  readonly sent: unknown[] = [];
  constructor(
    readonly url: URL,
    readonly options: { type: string },
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(m: unknown) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  // whatever spare a test left is taken, so the next test starts with none
  spawnTrainer();
  vi.unstubAllGlobals();
});

it('a spawn takes the worker loaded ahead instead of making one, and the next spawn makes its own', () => {
  warmTrainer();
  expect(FakeWorker.made).toHaveLength(1);
  const [spare] = FakeWorker.made;
  expect(String(spare.url)).toMatch(/train\.worker\.ts$/);
  expect(spare.options).toEqual({ type: 'module' });
  expect(spare.sent).toEqual([]);

  const client = spawnTrainer();
  expect(client.worker).toBe(spare);
  expect(FakeWorker.made).toHaveLength(1);
  // the client now listens on the spare: its errors reach the run
  expect(typeof spare.onerror).toBe('function');

  const next = spawnTrainer();
  expect(FakeWorker.made).toHaveLength(2);
  expect(next.worker).toBe(FakeWorker.made[1]);
});

it('warming twice keeps one spare', () => {
  warmTrainer();
  warmTrainer();
  expect(FakeWorker.made).toHaveLength(1);
});

it('a spare whose script failed to load is terminated and the run gets a worker of its own', () => {
  warmTrainer();
  const [spare] = FakeWorker.made;
  let prevented = false;
  spare.onerror?.({ message: 'script failed', preventDefault: () => (prevented = true) });
  expect(prevented).toBe(true);

  const client = spawnTrainer();
  expect(spare.terminated).toBe(true);
  expect(FakeWorker.made).toHaveLength(2);
  expect(client.worker).toBe(FakeWorker.made[1]);
});

it('without Worker (Node, a test) warming does nothing', () => {
  vi.unstubAllGlobals();
  expect(typeof Worker).toBe('undefined');
  expect(() => warmTrainer()).not.toThrow();
  vi.stubGlobal('Worker', FakeWorker);
  expect(FakeWorker.made).toHaveLength(0);
});
