/**
 * The recorder against a real session and training host in this thread: a run that ends is kept
 * with its epochs and a model file holding the session's weights; Train more goes on in the same
 * record; flush keeps a paused run, once, and a run after Reset is another record; a grouping
 * (the morphism unchanged) keeps the run one record.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../../editor/store/createEditorStore';
import type { LensDocument } from '../../io/document';
import { parseDocument } from '../../io/parse';
import { TrainerClient } from '../../learn/trainerClient';
import { loadOpened } from '../../model/modelRuntime';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { documentHash } from '../session/documentHash';
import { TrainSession } from '../session/trainSession';
import { parseRunModel } from './openRun';
import { recordRuns } from './recordRuns';
import { createRunBook } from './runBook';
import type { RunModel } from './runRecord';
import { memoryRunStorage } from './runStorage';

const read = parseDocument(JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8')));
if (!read.ok) throw new Error('xor.json does not parse');
const xor: LensDocument = read.doc;

function setUp(epochs: number) {
  const session = new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    async () => ({ document: xor, settings: { engine: 'typed' as const, epochs, batchSize: 4 } }),
  );
  const book = createRunBook(memoryRunStorage());
  const recorder = recordRuns(session, book, () => xor);
  return { session, book, recorder };
}

/** The session's weights now, as the views read them, by name. */
async function sessionWeights(session: TrainSession) {
  const model = await session.reads.learnt();
  return model?.parameters.map((p) => [p.name, Array.from(p.data)]);
}

/** The kept model file's weights, by name: kept as the archive's bytes, binary, whatever the size. */
async function fileWeights(model: RunModel | null) {
  if (!model || !('archive' in model)) throw new Error('the run was not kept as an archive');
  const parsed = await parseRunModel(model);
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  return loadOpened(parsed.model, parsed.weights).parameters.map((p) => [p.name, Array.from(p.data)]);
}

describe('recording runs', () => {
  it('keeps a run that ends, with its epochs and weights, and Train more goes on in the same record', async () => {
    const { session, book, recorder } = setUp(2);
    session.play();
    const done = await until(session, (s) => s.phase === 'done');
    await recorder.flush();
    const [run] = book.store.getState().runs;
    expect(run).toMatchObject({ status: 'done', steps: done.step, docHash: documentHash(xor), docName: xor.name });
    expect(run.name).toMatch(/^Run 1 · .+ · typed arrays$/);
    expect(run.epochs.map((e) => e.epoch)).toEqual([0, 1]);
    expect(await fileWeights(run.model)).toEqual(await sessionWeights(session));

    session.more(3);
    const more = await until(session, (s) => s.phase === 'done' && s.result?.epochs === 5);
    await recorder.flush();
    const runs = book.store.getState().runs;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: run.id, startedAt: run.startedAt, steps: more.step, name: run.name });
    expect(runs[0].epochs).toHaveLength(5);
    expect(await fileWeights(runs[0].model)).toEqual(await sessionWeights(session));
    recorder.dispose();
    session.dispose();
  });

  it('flush keeps a paused run once; after Reset the next run is another record', async () => {
    const { session, book, recorder } = setUp(100000);
    session.play();
    await until(session, (s) => s.phase === 'running' && s.step > 20);
    session.pause();
    const paused = await until(session, (s) => s.phase === 'paused');
    await recorder.flush();
    await recorder.flush();
    const runs = book.store.getState().runs;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'paused', steps: paused.step });
    expect(await fileWeights(runs[0].model)).toEqual(await sessionWeights(session));

    session.reset();
    session.step();
    await until(session, (s) => s.phase === 'paused' && s.step === 1);
    await recorder.flush();
    const after = book.store.getState().runs;
    expect(after.map((r) => r.steps)).toEqual([paused.step, 1]);
    expect(after[1].id).not.toBe(after[0].id);
    expect(after[1].name).toMatch(/^Run 2 · /);
    recorder.dispose();
    session.dispose();
  });

  it('keeps no run for weights opened from a run until they take a step', async () => {
    const { session, book, recorder } = setUp(1);
    session.play();
    await until(session, (s) => s.phase === 'done');
    await recorder.flush();
    const [run] = book.store.getState().runs;
    const parsed = await parseRunModel(run.model as RunModel);
    if (!parsed.ok) throw new Error('the run’s model file does not parse');
    const { epochsDone, stepsDone } = parsed.model.trainingConfig;
    session.loadWeights({ weights: parsed.weights, epochsDone, stepsDone, name: run.name });
    await until(session, (s) => s.phase === 'paused' && s.measured !== null);
    await recorder.flush();
    expect(book.store.getState().runs).toHaveLength(1);
    session.step();
    await until(session, (s) => s.phase === 'paused' && s.step === stepsDone + 1);
    await recorder.flush();
    expect(book.store.getState().runs.map((r) => r.steps)).toEqual([stepsDone, stepsDone + 1]);
    recorder.dispose();
    session.dispose();
  });

  it('records nothing once disposed, and nothing for a run without steps', async () => {
    const { session, book, recorder } = setUp(1);
    await recorder.flush();
    recorder.dispose();
    session.play();
    await until(session, (s) => s.phase === 'done');
    expect(book.store.getState().runs).toEqual([]);
    session.dispose();
  });

  it('keeps a run grouped after it ended, then played on, as one record of its document', async () => {
    let doc = xor;
    const session = new TrainSession(
      () => new TrainerClient(inMemoryWorker()),
      async () => ({ document: doc, settings: { engine: 'typed' as const, epochs: 2, batchSize: 4 } }),
    );
    const book = createRunBook(memoryRunStorage());
    const recorder = recordRuns(session, book, () => doc);
    session.documentChanged(doc);
    session.play();
    await until(session, (s) => s.phase === 'done');
    await recorder.flush();
    const store = createEditorStore({ doc: xor });
    store.getState().select(['lin1', 'W1', 'bias1', 'b1', 'tanh1']);
    expect(store.getState().groupSelection('group 1')).not.toBeNull();
    doc = store.getState().doc;
    session.documentChanged(doc);
    session.play();
    const more = await until(session, (s) => s.phase === 'done' && s.result?.epochs === 4);
    await recorder.flush();
    const runs = book.store.getState().runs;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ steps: more.step, docHash: documentHash(xor) });
    recorder.dispose();
    session.dispose();
  });
});
