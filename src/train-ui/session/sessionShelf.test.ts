/**
 * The shelf of sessions, one per document, against real training hosts in this thread: a
 * document's run stays with it while others are open, a run left behind pauses, going back
 * shows it as it was, and past the cap the session shown longest ago is let go.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { SessionShelf } from './sessionShelf';
import { TrainSession } from './trainSession';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

const make = () =>
  new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    async () => ({ document: xor, settings: { engine: 'typed' as const, epochs: 100000, batchSize: 4 } }),
  );

describe('the shelf of sessions', () => {
  it("shows each document's own run, pauses the one left, and brings it back", async () => {
    const left: string[] = [];
    const shelf = new SessionShelf(make, 'a', { left: (_, key) => left.push(key) });
    const a = shelf.session;
    a.play();
    await until(a, (st) => st.phase === 'running' && st.step > 10);
    const b = shelf.show('b');
    expect(b).not.toBe(a);
    expect(b.state).toMatchObject({ phase: 'idle', step: 0, epochs: [] });
    expect(left).toEqual(['a']);
    const paused = await until(a, (st) => st.phase === 'paused');
    expect(shelf.show('a')).toBe(a);
    expect(a.state.step).toBe(paused.step);
    expect(a.losses.length).toBe(paused.step);
    expect(shelf.shown.getState().key).toBe('a');
    shelf.dispose();
  });

  it('lets the session shown longest ago go past the cap, after its run is kept', async () => {
    const dropped: string[] = [];
    let kept = 0;
    const back: string[] = [];
    const shelf = new SessionShelf(
      make,
      'a',
      {
        back: (_, key) => back.push(key),
        dropped: (_, key) => {
          dropped.push(key);
          return Promise.resolve().then(() => kept++);
        },
      },
      2,
    );
    shelf.show('b');
    shelf.show('a');
    shelf.show('c');
    expect(dropped).toEqual(['b']);
    expect(shelf.has('a') && shelf.has('c') && !shelf.has('b')).toBe(true);
    const again = shelf.show('b');
    expect(again.state.phase).toBe('idle');
    expect(back).toEqual(['b']); // its last run can be brought back
    shelf.show('d');
    expect(back).toEqual(['b']); // a key never let go is not
    await Promise.resolve();
    expect(kept).toBeGreaterThan(0);
    shelf.dispose();
  });

  it('gives a view a new serial with every session made, and the same one when it comes back', () => {
    const shelf = new SessionShelf(make, 'a');
    const first = shelf.shown.getState().serial;
    shelf.show('b');
    const second = shelf.shown.getState().serial;
    expect(second).not.toBe(first);
    shelf.show('a');
    expect(shelf.shown.getState().serial).toBe(first);
    shelf.dispose();
  });
});
