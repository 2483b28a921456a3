/**
 * The views' reads of a running model: one at a time, once more when the run ends (even when it
 * ended while a read was under way), and none after the watch stops.
 */
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { SessionState } from '../session/sessionState';
import type { TrainSession } from '../session/trainSession';
import { watchRunReads } from './runReads';

type Fake = Pick<SessionState, 'phase' | 'points'>;

function fakeSession(phase: Fake['phase']) {
  const store = createStore<Fake>(() => ({ phase, points: 0 }));
  const session = {
    store,
    get state() {
      return store.getState();
    },
  } as unknown as TrainSession;
  return { store, session };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the reads of a running model', () => {
  it('never overlap, and a run that ends during a read is read once more when it answers', async () => {
    const { store, session } = fakeSession('running');
    let inFlight = 0;
    let most = 0;
    let reads = 0;
    const answers: (() => void)[] = [];
    const shown: number[] = [];
    const stop = watchRunReads(session, {
      read: () => {
        reads++;
        inFlight++;
        most = Math.max(most, inFlight);
        return new Promise<number>((resolve) =>
          answers.push(() => {
            inFlight--;
            resolve(reads);
          }),
        );
      },
      answered: (v) => {
        shown.push(v);
        return 0;
      },
      failed: () => 0,
      cleared: () => {},
    });
    await tick();
    expect(reads).toBe(1);
    for (let i = 1; i <= 5; i++) store.setState({ points: i });
    store.setState({ phase: 'done' });
    await tick();
    expect(reads).toBe(1); // still the first read under way
    answers.shift()?.();
    await tick();
    expect(reads).toBe(2); // the end, read after the first answered
    answers.shift()?.();
    await tick();
    expect(reads).toBe(2); // ended and read: no more
    expect(most).toBe(1);
    expect(shown).toEqual([1, 2]);
    stop();
  });

  it('clears when the run goes back to idle, and reads nothing once stopped', async () => {
    const { store, session } = fakeSession('paused');
    const cleared: string[] = [];
    let reads = 0;
    const stop = watchRunReads(session, {
      read: async () => ++reads,
      answered: () => 0,
      failed: () => 0,
      cleared: (phase) => cleared.push(phase),
    });
    await tick();
    expect(reads).toBe(1);
    store.setState({ phase: 'idle' });
    expect(cleared).toEqual(['idle']);
    stop();
    store.setState({ phase: 'running', points: 9 });
    await tick();
    expect(reads).toBe(1);
  });

  it('shows a failed read as the view says, waits its gap, and reads again when the run pauses', async () => {
    const { store, session } = fakeSession('running');
    const failures: string[] = [];
    let reads = 0;
    const stop = watchRunReads(session, {
      read: () => (++reads === 1 ? Promise.reject(new Error('worker gone')) : Promise.resolve(reads)),
      answered: () => 0,
      failed: (e) => {
        failures.push((e as Error).message);
        return 60_000;
      },
      cleared: () => {},
    });
    await tick();
    expect(reads).toBe(1); // the next read waits the gap the failure asked for, while the run moves
    store.setState({ phase: 'paused' });
    await tick();
    expect(failures).toEqual(['worker gone']);
    expect(reads).toBe(2);
    stop();
  });
});
