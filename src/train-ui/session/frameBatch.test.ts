/**
 * The batching of a worker's snapshots: many arrive between two frames and land as one store
 * change, at most one every EVERY_MS, while any other change applies at once after them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { EVERY_MS, FrameBatch } from './frameBatch';

interface S {
  readonly points: number;
  readonly step: number;
  readonly phase: string;
}

function batched() {
  const store = createStore<S>(() => ({ points: 0, step: 0, phase: 'running' }));
  const changes: S[] = [];
  store.subscribe((s) => changes.push(s));
  return { store, changes, frames: new FrameBatch(store) };
}

describe('the frame batch', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lands many snapshots as one change, at most one every EVERY_MS', () => {
    const { changes, frames } = batched();
    for (let i = 1; i <= 50; i++) frames.later({ step: i });
    vi.advanceTimersByTime(20);
    expect(changes).toEqual([{ points: 1, step: 50, phase: 'running' }]);
    frames.later({ step: 51 });
    vi.advanceTimersByTime(20);
    expect(changes).toHaveLength(1);
    frames.later({ step: 52 });
    vi.advanceTimersByTime(EVERY_MS);
    expect(changes.map((c) => c.step)).toEqual([50, 52]);
  });

  it('applies another change at once, after what was waiting', () => {
    const { store, changes, frames } = batched();
    frames.later({ step: 7 });
    frames.set({ phase: 'paused' });
    expect(changes.map((c) => [c.step, c.phase])).toEqual([
      [7, 'running'],
      [7, 'paused'],
    ]);
    vi.advanceTimersByTime(EVERY_MS * 2);
    expect(changes).toHaveLength(2);
    expect(store.getState().points).toBe(1);
  });
});
