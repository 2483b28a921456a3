/**
 * A kept run opened again in a new session (the shelf let its session go, or Open weights): the
 * same weights, its steps and epochs done, and its per-epoch history back on the chart; Play
 * goes on counting from there. The last run of a document is the newest one with a model file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../compile/compile';
import { bindingShapes } from '../../data/binding';
import { digest } from '../../data/digest';
import { createEditorStore } from '../../editor/store/createEditorStore';
import type { LensDocument } from '../../io/document';
import type { NamedArray } from '../../io/modelSchema';
import { modelArchiveChunks } from '../../io/modelWrite';
import { parseDocument } from '../../io/parse';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { documentHash } from '../session/documentHash';
import { trainedShape } from '../session/trainedShape';
import { TrainSession } from '../session/trainSession';
import { lastRunOf, openRun, parseRunModel } from './openRun';
import { recordRuns } from './recordRuns';
import { createRunBook } from './runBook';
import { type RunRecord, readRunRecord } from './runRecord';
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

    // a record kept before runs were binary: the JSON form's text, read through readRunRecord
    const { model: _, ...rest } = run;
    const legacy = readRunRecord({ ...rest, modelText: await first.reads.modelText() });
    if (!legacy.ok) throw new Error(legacy.reason);
    expect(legacy.run.model).toMatchObject({ text: expect.stringContaining('"lensboard-model"') });
    const old = session(3);
    expect(await openRun(old, legacy.run)).toBe(true);
    await until(old, (st) => st.phase === 'paused' && st.measured !== null);
    expect(await weights(old)).toEqual(await weights(first));
    old.dispose();

    const again = session(3);
    expect(await openRun(again, run)).toBe(true);
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
    const base = { docHash: 'x', model: { text: 'm' } } as unknown as RunRecord;
    const runs = [
      { ...base, id: '1', endedAt: '2026-12-04T10:00:00Z' },
      { ...base, id: '2', endedAt: '2026-12-04T11:00:00Z' },
      { ...base, id: '3', endedAt: '2026-12-04T12:00:00Z', model: null },
    ] as RunRecord[];
    const doc = { ...xor };
    expect(lastRunOf(runs, doc)).toBeNull(); // another document's hash
    const own = runs.map((r) => ({ ...r, docHash: documentHash(doc) }));
    expect(lastRunOf(own, doc)?.id).toBe('2');
  });
});

/**
 * A run of the MNIST MLP widened to 10,000 hidden units: 7,950,010 parameters, 31.8 MB of
 * float32 weights, which the JSON form's base64 (42 MB) and its 50 MB cap could not hold with
 * any optimiser state. Kept as the archive's bytes through storage (a structured clone, as
 * IndexedDB keeps it) and read back by a new book, as after a reload.
 */
function bigModel(): { archive: ArrayBuffer; weights: NamedArray[] } {
  const text = readFileSync(new URL('../../io/examples/mnist-mlp.json', import.meta.url), 'utf8');
  const parsed = parseDocument(JSON.parse(text.replaceAll('128', '10000')));
  if (!parsed.ok) throw new Error('the widened mnist-mlp does not parse');
  const doc = parsed.doc;
  const binding = doc.dataset as NonNullable<LensDocument['dataset']>;
  const shapes = bindingShapes(binding.id, binding.options);
  const model = compileDocument(doc, { requireLoss: true, datasetShapes: { ...shapes, field: 'real' } }).model;
  if (!model) throw new Error('the widened mnist-mlp does not compile');
  const weights: NamedArray[] = model.params.map((p, k) => {
    const data = new Float32Array(p.type.shape.reduce((a, b) => a * b, 1));
    for (let i = 0; i < data.length; i++) data[i] = ((i * 7919 + k) % 2001) / 1000 - 1;
    return { name: p.name, shape: [...p.type.shape], group: 'model', data };
  });
  const chunks = modelArchiveChunks({
    diagram: doc,
    trainingConfig: {
      dataset: {
        id: binding.id,
        options: { ...binding.options },
        ...shapes,
        featureShape: [...shapes.featureShape],
        labelShape: [...shapes.labelShape],
      },
      loss: 'softmax-cross-entropy',
      optimiser: { kind: 'gd', learningRate: 0.01, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 },
      seed: 1,
      batchSize: 32,
      testFraction: 0,
      epochsDone: 1,
      stepsDone: 10,
    },
    metrics: null,
    weights,
  });
  return { archive: joined(chunks), weights };
}

function joined(chunks: readonly Uint8Array[]): ArrayBuffer {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out.buffer;
}

describe('a big run kept as binary', () => {
  it('opens again after a reload: 31.8 MB of weights through storage, the same values', async () => {
    const { archive, weights } = bigModel();
    const bytes = weights.reduce((n, w) => n + w.data.byteLength, 0);
    expect(bytes).toBeGreaterThanOrEqual(30_000_000);
    const storage = memoryRunStorage();
    const run: RunRecord = {
      id: 'big',
      name: 'Run 1',
      docHash: 'h',
      docName: 'MNIST, wide',
      dataset: null,
      settings: {
        batchSize: 32,
        epochs: 1,
        optimiser: { kind: 'gd', hypers: {} },
        loss: 'softmax-cross-entropy',
        testFraction: 0,
      },
      seed: 1,
      engine: 'tfjs-wasm',
      backend: 'wasm',
      startedAt: '2026-12-06T00:00:00.000Z',
      endedAt: '2026-12-06T00:01:00.000Z',
      status: 'done',
      epochs: [],
      steps: 10,
      model: { archive },
    };
    await createRunBook(storage).put(run);
    const again = createRunBook(storage);
    await again.load();
    expect(again.store.getState()).toMatchObject({ unsaved: [], notice: null });
    const kept = again.get('big')?.model;
    if (!kept || !('archive' in kept)) throw new Error('the big run was not kept as an archive');
    const parsed = await parseRunModel(kept);
    if (!parsed.ok) throw new Error(parsed.errors[0].message);
    expect(parsed.weights.map((w) => w.name)).toEqual(weights.map((w) => w.name));
    parsed.weights.forEach((w, k) => {
      expect(w.data.length).toBe(weights[k].data.length);
      expect(
        Buffer.from(w.data.buffer, w.data.byteOffset, w.data.byteLength).equals(Buffer.from(weights[k].data.buffer)),
      ).toBe(true);
    });
  });

  it('finds the runs kept of a grouped drawing before its groups were drawn through, and its own since', () => {
    const store = createEditorStore({ doc: xor });
    store.getState().select(['lin1', 'W1', 'bias1', 'b1', 'tanh1']);
    expect(store.getState().groupSelection('group 1')).not.toBeNull();
    const grouped = store.getState().doc;
    const kept = (id: string, docHash: string, endedAt: string) =>
      ({ id, docHash, endedAt, model: { text: '' } }) as unknown as RunRecord;
    const before = kept('before', digest(trainedShape(grouped)), '2026-01-01T00:00:00Z');
    const since = kept('since', documentHash(grouped), '2026-01-02T00:00:00Z');
    expect(lastRunOf([before], grouped)?.id).toBe('before');
    expect(lastRunOf([before, since], grouped)?.id).toBe('since');
    // the drawing without the group is the same document now, but no run kept it by the old hash
    expect(lastRunOf([before], xor)).toBeNull();
    expect(lastRunOf([since], xor)?.id).toBe('since');
  });
});
