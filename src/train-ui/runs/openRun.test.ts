/**
 * A kept run opened again in a new session (the shelf let its session go, or Open weights): the
 * same weights, its steps and epochs done, and its per-epoch history back on the chart; Play
 * goes on counting from there. The last run of a document is the newest one with a model file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../../io/document';
import { parseDocument } from '../../io/parse';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { documentHash } from '../session/documentHash';
import { TrainSession } from '../session/trainSession';
import { lastRunOf, openRun } from './openRun';
import { recordRuns } from './recordRuns';
import { createRunBook } from './runBook';
import type { RunRecord } from './runRecord';
import { memoryRunStorage } from './runStorage';

const read = parseDocument(JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8')));
if (!read.ok) throw new Error('xor.json does not parse');
const xor: LensDocument = read.doc;

const session = (epochs: number) =>
  new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    async () => ({ document: xor, settings: { engine: 'typed' as const, epochs, batchSize: 4 } }),
  );

const weights = async (s: TrainSession) =>
  (await s.reads.learnt())?.parameters.map((p) => [p.name, Array.from(p.data)]);

describe('a kept run, opened again', () => {
  it('brings back its weights, counters and per-epoch chart, and goes on from them', async () => {
    const first = session(3);
    const book = createRunBook(memoryRunStorage());
    const recorder = recordRuns(first, book, () => xor);
    first.play();
    const done = await until(first, (st) => st.phase === 'done');
    while (book.store.getState().runs.length === 0) await new Promise((r) => setTimeout(r, 5));
    const run = lastRunOf(book.store.getState().runs, xor) as RunRecord;
    expect(run.epochs).toHaveLength(3);

    const again = session(3);
    expect(openRun(again, run)).toBe(true);
    const held = await until(again, (st) => st.phase === 'paused' && st.measured !== null);
    expect(held).toMatchObject({ step: done.step, epochs: done.epochs });
    expect(await weights(again)).toEqual(await weights(first));
    again.play();
    const on = await until(again, (st) => st.phase === 'done');
    expect(on.step).toBe(2 * done.step);
    expect(on.epochs.map((e) => e.epoch)).toEqual([0, 1, 2, 3, 4, 5]);
    recorder.dispose();
    first.dispose();
    again.dispose();
  });

  it('is the newest of the document’s runs that has a model file', () => {
    const base = { docHash: 'x', modelText: 'm' } as unknown as RunRecord;
    const runs = [
      { ...base, id: '1', endedAt: '2026-12-04T10:00:00Z' },
      { ...base, id: '2', endedAt: '2026-12-04T11:00:00Z' },
      { ...base, id: '3', endedAt: '2026-12-04T12:00:00Z', modelText: null },
    ] as RunRecord[];
    const doc = { ...xor };
    expect(lastRunOf(runs, doc)).toBeNull(); // another document's hash
    const own = runs.map((r) => ({ ...r, docHash: documentHash(doc) }));
    expect(lastRunOf(own, doc)?.id).toBe('2');
  });
});
