/**
 * The run book against memory storage: what is put is listed and stored, a rename and a delete
 * reach the storage, a run past the cap stays listed but unstored (and the book says so), and
 * loading reads back what was stored while skipping a damaged record whole.
 */
import { describe, expect, it } from 'vitest';
import { createRunBook } from './runBook';
import { type RunRecord, storedSize } from './runRecord';
import { memoryRunStorage } from './runStorage';

const metrics = { loss: 0.5, accuracy: 0.75, n: 100, confusion: null };

function aRun(id: string, extra: Partial<RunRecord> = {}): RunRecord {
  return {
    id,
    name: `Run ${id}`,
    docHash: 'hash-a',
    docName: 'Moons by Adam',
    dataset: { id: 'moons', options: { n: 500, noise: 0.1, seed: 1 } },
    settings: {
      batchSize: 16,
      epochs: 3,
      optimiser: { kind: 'adam', hypers: { learningRate: 0.01 } },
      loss: 'mse',
      testFraction: 0,
    },
    seed: 1,
    engine: 'typed-float32',
    backend: null,
    startedAt: '2026-12-04T10:00:00.000Z',
    endedAt: '2026-12-04T10:00:05.000Z',
    status: 'done',
    epochs: [0, 1, 2].map((epoch) => ({
      epoch,
      engine: 'typed-float32',
      steps: 32,
      stepsPerSecond: 900,
      running: metrics,
      train: metrics,
      test: null,
    })),
    steps: 96,
    model: { archive: Uint8Array.of(0x89, 0x4c, 0x42, 0x4d).buffer },
    ...extra,
  };
}

describe('the run book', () => {
  it('keeps, renames and deletes runs, in the list and in storage', async () => {
    const storage = memoryRunStorage();
    const book = createRunBook(storage);
    await book.put(aRun('1'));
    await book.put(aRun('2'));
    expect(book.store.getState().runs.map((r) => r.id)).toEqual(['1', '2']);
    await book.rename('1', 'Adam, fast');
    expect(book.get('1')?.name).toBe('Adam, fast');
    expect((storage.raw.get('1') as RunRecord).name).toBe('Adam, fast');
    book.setOverlay('2', true);
    await book.remove('2');
    expect(book.store.getState()).toMatchObject({ overlay: [], unsaved: [], notice: null });
    expect([...storage.raw.keys()]).toEqual(['1']);
  });

  it('replaces a run that went on rather than listing it twice', async () => {
    const book = createRunBook(memoryRunStorage());
    await book.put(aRun('1'));
    await book.put(aRun('1', { steps: 160 }));
    expect(book.store.getState().runs).toHaveLength(1);
    expect(book.get('1')?.steps).toBe(160);
  });

  it('lists a run past the cap without storing it, says so, and stores again once one is deleted', async () => {
    const storage = memoryRunStorage();
    const one = storedSize(aRun('1'));
    const book = createRunBook(storage, one * 2 + 10);
    await book.put(aRun('1'));
    await book.put(aRun('2'));
    await book.put(aRun('3'));
    const s = book.store.getState();
    expect(s.runs.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(s.unsaved).toEqual(['3']);
    expect(s.notice).toMatch(
      /^Runs are full \(0 MB kept\): delete a run to keep new ones\. “Run 3” stays until the page closes\.$/,
    );
    expect([...storage.raw.keys()]).toEqual(['1', '2']);
    await book.remove('1');
    await book.put(aRun('4'));
    expect([...storage.raw.keys()]).toEqual(['2', '4']);
  });

  it('reads stored runs back, oldest first, and skips a damaged one whole', async () => {
    const storage = memoryRunStorage();
    const first = createRunBook(storage);
    await first.put(aRun('late', { startedAt: '2026-12-04T12:00:00.000Z' }));
    await first.put(aRun('early'));
    storage.raw.set('bad', { ...aRun('bad'), epochs: [{ epoch: -1 }] });
    const again = createRunBook(storage);
    await again.load();
    const s = again.store.getState();
    expect(s.runs).toEqual([aRun('early'), aRun('late', { startedAt: '2026-12-04T12:00:00.000Z' })]);
    expect(s.notice).toMatch(/^1 kept run could not be read and was skipped \(epochs\.0\./);
  });

  it('reads a record kept before runs were binary: its modelText becomes the model’s text', async () => {
    const { model: _, ...rest } = aRun('old');
    const storage = memoryRunStorage([
      { ...rest, modelText: '{"format":"lensboard-model"}' },
      { ...rest, id: 'none', modelText: null },
    ]);
    const book = createRunBook(storage);
    await book.load();
    expect(book.store.getState().notice).toBeNull();
    expect(book.get('old')?.model).toEqual({ text: '{"format":"lensboard-model"}' });
    expect(book.get('none')?.model).toBeNull();
  });

  it('counts a kept archive by its bytes', () => {
    const archive = new ArrayBuffer(3_000_000);
    expect(storedSize(aRun('big', { model: { archive } })) - storedSize(aRun('big', { model: null }))).toBe(3_000_000);
  });

  it('keeps a failed run’s NaN loss through storage', async () => {
    const storage = memoryRunStorage();
    const nan = { ...metrics, loss: Number.NaN };
    const run = aRun('nan', { status: 'failed', epochs: [{ ...aRun('x').epochs[0], running: nan }] });
    await createRunBook(storage).put(run);
    const again = createRunBook(storage);
    await again.load();
    expect(again.get('nan')?.epochs[0].running.loss).toBeNaN();
  });
});
