/**
 * Grouping boxes as a Para box changes the drawing, not the morphism the run trains
 * (flatTrainedShape): against a real training host in this thread, a grouping keeps the run —
 * no "the diagram changed", Play goes on in the same worker from the current weights, the chart
 * goes on, and the run keeps the identity its records are filed by. A real edit still pauses it.
 */
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../../editor/store/createEditorStore';
import type { LensDocument } from '../../io/document';
import { loadExample } from '../../io/examples';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { documentHash } from './documentHash';
import { TrainSession } from './trainSession';

/** XOR, and the same drawing with its hidden layer grouped as a Para box (as the Edit menu does). */
function drawings() {
  const store = createEditorStore({ doc: loadExample('xor') });
  const plain = store.getState().doc;
  store.getState().select(['lin1', 'W1', 'bias1', 'b1', 'tanh1']);
  if (store.getState().groupSelection('group 1') === null) throw new Error('no group made');
  return { plain, grouped: store.getState().doc };
}

function session(current: () => LensDocument, epochs: number) {
  const spawned: TrainerClient[] = [];
  const s = new TrainSession(
    () => {
      const c = new TrainerClient(inMemoryWorker());
      spawned.push(c);
      return c;
    },
    async () => ({ document: current(), settings: { engine: 'typed' as const, epochs, batchSize: 4 } }),
  );
  return { s, spawned };
}

describe('a grouping keeps the run', () => {
  it('is known by the same hash as the drawing it groups', () => {
    const { plain, grouped } = drawings();
    expect(documentHash(grouped)).toBe(documentHash(plain));
  });

  it('a paused run: no edit is offered, and Play goes on from its step in the same worker', async () => {
    const { plain, grouped } = drawings();
    let doc = plain;
    const { s, spawned } = session(() => doc, 100000);
    s.documentChanged(plain);
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > 20);
    s.pause();
    const paused = await until(s, (st) => st.phase === 'paused');
    doc = grouped;
    s.documentChanged(grouped);
    expect(s.state.edited).toBe(false);
    s.play();
    const going = await until(s, (st) => st.phase === 'running' && st.step > paused.step + 5);
    expect(going).toMatchObject({ edited: false, untimed: 0, trains: paused.trains });
    expect(spawned).toHaveLength(1);
    expect(s.losses.length).toBeGreaterThan(paused.step);
    s.dispose();
  });

  it('an ended run: Play trains its epochs more in the same worker, as without the grouping', async () => {
    const { plain, grouped } = drawings();
    let doc = plain;
    const { s, spawned } = session(() => doc, 2);
    s.documentChanged(plain);
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    doc = grouped;
    s.documentChanged(grouped);
    s.play();
    const more = await until(s, (st) => st.phase === 'done' && st.step > done.step);
    expect(more.result).toMatchObject({ epochs: 4, steps: 2 * done.step });
    expect(more).toMatchObject({ untimed: 0, trains: done.trains });
    expect(more.epochs.map((e) => e.epoch)).toEqual([0, 1, 2, 3]);
    expect(spawned).toHaveLength(1);
    s.dispose();
  });

  it('a real edit of the grouped drawing still pauses the run and offers to go on with it', async () => {
    const { plain, grouped } = drawings();
    const { s } = session(() => plain, 100000);
    s.documentChanged(plain);
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > 20);
    s.documentChanged(grouped);
    expect(s.state).toMatchObject({ phase: 'running', edited: false });
    s.documentChanged({
      ...grouped,
      boxes: grouped.boxes.map((b) => (b.id === 'tanh1' ? { ...b, generator: 'sigmoid' } : b)),
    });
    expect(s.state).toMatchObject({ phase: 'pausing', edited: true });
    await until(s, (st) => st.phase === 'paused');
    s.dispose();
  });
});
