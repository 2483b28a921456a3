/**
 * Asking the session for a traced step, against a real training host in this thread: from no
 * run, a run starts paused and its next step is traced; a paused run is stepped once; the trace
 * fits the learner the page assembles from the same document (or from the drawing grouped
 * since); a finished run steps on.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../../editor/store/createEditorStore';
import type { LensDocument } from '../../io/document';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { TrainSession } from '../session/trainSession';
import { requestTrace } from './requestTrace';
import { EDITED_SINCE, readTrace } from './stepTrace';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

const session = (epochs = 100000) =>
  new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    async () => ({ document: xor, settings: { engine: 'typed' as const, epochs, batchSize: 4 } }),
  );

describe('a traced step from the session', () => {
  it('starts a paused run, traces its next step, then steps a paused run once per trace', async () => {
    const s = session();
    const first = await requestTrace(s);
    expect(first.step).toBe(2);
    const t = readTrace(first, xor as LensDocument);
    expect(t.summarised).toBe(false);
    expect(t.batch).toBe(4);
    await new Promise<void>((resolve) => {
      const off = s.store.subscribe((st) => {
        if (st.phase === 'paused' && st.step === 2) {
          off();
          resolve();
        }
      });
      if (s.state.phase === 'paused' && s.state.step === 2) resolve();
    });
    const second = await requestTrace(s);
    expect(second.step).toBe(3);
    s.dispose();
  });

  it('steps a finished run on from its final weights and traces that step (mutant: waits for a step that never comes)', async () => {
    const s = session(1);
    s.play();
    await new Promise<void>((resolve) => {
      const off = s.store.subscribe((st) => {
        if (st.phase === 'done') {
          off();
          resolve();
        }
      });
    });
    const end = s.state.step;
    const traced = await requestTrace(s);
    expect(traced.step).toBe(end + 1);
    await new Promise<void>((resolve) => {
      const off = s.store.subscribe((st) => {
        if (st.phase === 'paused') {
          off();
          resolve();
        }
      });
      if (s.state.phase === 'paused') resolve();
    });
    expect(s.state).toMatchObject({ step: end + 1, steppedOn: true });
    s.dispose();
  });

  it('draws a step traced after a grouping on the grouped drawing, and refuses one traced before a real edit', async () => {
    const s = session();
    const traced = await requestTrace(s);
    const store = createEditorStore({ doc: xor as LensDocument });
    store.getState().select(['lin1', 'W1', 'bias1', 'b1', 'tanh1']);
    expect(store.getState().groupSelection('group 1')).not.toBeNull();
    const grouped = store.getState().doc;
    const t = readTrace(traced, grouped);
    expect(t.document).toBe(grouped);
    expect(t.step).toBe(traced.step);
    store.getState().addBox('tanh', { x: 900, y: 900 });
    expect(() => readTrace(traced, store.getState().doc)).toThrow(EDITED_SINCE);
    s.dispose();
  });
});
