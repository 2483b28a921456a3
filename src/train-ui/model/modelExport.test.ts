/**
 * Model files through the app's own path, in Node: a run of the page's session (a real training
 * host behind structuredClone) exported, opened into another editor as Open opens it, and
 * exported again gives the same bytes but for createdAt; the opened weights go on training as
 * the first run would have.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openText } from '../../editor/persist/openText';
import { createEditorStore, type EditorStore } from '../../editor/store/createEditorStore';
import { loadExample } from '../../io/examples';
import { TrainerClient } from '../../learn/trainerClient';
import { loadModel } from '../../model/modelRuntime';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { requestFrom } from '../session/TrainingProvider';
import { TrainSession } from '../session/trainSession';
import { blobPieces, exportSource, resumeOf } from './modelExport';
import { openedModelText } from './openedModelFile';

const xor = () => {
  const doc = loadExample('xor');
  return { ...doc, training: { ...doc.training!, epochs: 2, batchSize: 50 } };
};

function pageSession(store: EditorStore): TrainSession {
  const s = new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    (choice) => requestFrom(store, choice),
  );
  s.choose('typed');
  return s;
}

const withoutCreatedAt = (text: string) => text.replace(/"createdAt":"[^"]*"/, '"createdAt":"…"');

/** Opens `text` in a fresh editor as Open does, and hands its weights to a fresh session. */
function openInNewPage(text: string) {
  const store = createEditorStore();
  openText(store, 'XOR.lensboard-model.json', text);
  const opened = store.getState().openedModel;
  if (!opened) throw new Error(`not opened: ${JSON.stringify(store.getState().openProblem)}`);
  const session = pageSession(store);
  const loaded = resumeOf(opened);
  session.loadWeights(loaded);
  return { store, session, opened, loaded };
}

describe('a model file exported, opened and exported again', () => {
  it('gives the same bytes but for createdAt, and opens as the same document', async () => {
    const first = createEditorStore({ doc: xor() });
    const a = pageSession(first);
    expect(exportSource(a.state, first.getState().doc, null, null)).toEqual({
      kind: 'none',
      why: 'train first: there are no trained weights yet',
    });
    a.play();
    await until(a, (st) => st.phase === 'done');
    expect(exportSource(a.state, first.getState().doc, null, null).kind).toBe('run');
    const text = await a.reads.modelText(new Date('2026-01-01T00:00:00.000Z'));
    expect(text).not.toBeNull();
    // Export model records how raw rows become the input (docs/model-format.md, *The preparation*).
    expect(JSON.parse(text!).trainingConfig.dataset.preparation).toEqual({
      features: ['x', 'y'],
      encoding: { kind: 'identity' },
      classes: { names: ['negative', 'positive'], encoding: 'onehot' },
    });

    const b = openInNewPage(text!);
    expect(JSON.stringify(b.store.getState().doc)).toBe(JSON.stringify(first.getState().doc));
    expect(b.store.getState().doc).toBe(b.opened.model.diagram); // it agreed already: nothing changed
    // It waits, paused and measured: the loss shown is the one the first page ended on, bit for bit.
    await until(b.session, (st) => st.phase === 'paused' && st.measured !== null);
    expect(b.session.state).toMatchObject({ phase: 'paused', step: a.state.step, epoch: 2 });
    expect(b.session.state.loss).toBe(a.state.loss);
    expect(b.session.state.loss).toBe(a.state.result?.train.loss);
    expect(b.session.state.measured).toEqual({
      train: a.state.result?.train,
      test: a.state.result?.test,
      step: a.state.step,
    });
    // The worker holds the file's weights: its predictions over a grid are the first run's, bit for bit.
    const grid = Array.from({ length: 64 }, (_, i) => [(i % 8) / 7 - 0.5, Math.floor(i / 8) / 7 - 0.5]);
    const held = await b.session.reads.modelText();
    expect(held).not.toBeNull();
    expect(loadModel(held!).predict(grid)).toEqual(loadModel(text!).predict(grid));
    const source = exportSource(b.session.state, b.store.getState().doc, b.opened, b.loaded);
    expect(source.kind).toBe('opened');
    const again = openedModelText(b.opened, new Date('2027-06-06T00:00:00.000Z'));
    expect(again).not.toBe(text);
    expect(withoutCreatedAt(again)).toBe(withoutCreatedAt(text!));

    // An edit makes the opened weights someone else's diagram's: Export waits for a run.
    b.store.getState().moveNodes(new Map([['x', { x: 1, y: 2 }]]));
    expect(exportSource(b.session.state, b.store.getState().doc, b.opened, b.loaded)).toMatchObject({ kind: 'none' });
    a.dispose();
    b.session.dispose();
  });

  it('refuses a file whose weights are cut short, naming the path, and changes nothing', async () => {
    const first = createEditorStore({ doc: xor() });
    const a = pageSession(first);
    a.play();
    await until(a, (st) => st.phase === 'done');
    const text = (await a.reads.modelText())!;
    const model = JSON.parse(text);
    const cut = JSON.stringify({ ...model, weightData: model.weightData.slice(0, 40) });
    const store = createEditorStore({ doc: loadExample('iris-simple') });
    const before = store.getState().doc;
    openText(store, 'cut.json', cut);
    const s = store.getState();
    expect(s.doc).toBe(before);
    expect(s.openedModel).toBeNull();
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    expect(s.openProblem?.file).toBe('cut.json');
    expect(s.openProblem?.errors[0].path).toMatch(/^weight(Data|sManifest)/);
    a.dispose();
  });

  it('goes on training exactly as the first run goes on', async () => {
    const first = createEditorStore({ doc: xor() });
    const a = pageSession(first);
    a.play();
    await until(a, (st) => st.phase === 'done');
    const text = (await a.reads.modelText())!;
    const b = openInNewPage(text);
    a.more(2);
    b.session.play(); // at once, while the opened model is still starting: the Play is kept
    await until(a, (st) => st.phase === 'done');
    await until(b.session, (st) => st.phase === 'done');
    expect(b.session.state.step).toBe(a.state.step);
    const at = new Date('2026-02-02T00:00:00.000Z');
    const [ta, tb] = [await a.reads.modelText(at), await b.session.reads.modelText(at)];
    expect(JSON.parse(tb!).trainingConfig).toEqual(JSON.parse(ta!).trainingConfig);
    expect(JSON.parse(tb!).weightData).toBe(JSON.parse(ta!).weightData);
    a.dispose();
    b.session.dispose();
  });
});

/** XOR trained to its end in a page's session that follows the store's document, as the page's does. */
async function trainedXor() {
  const store = createEditorStore({ doc: xor() });
  const s = pageSession(store);
  // the page tells the session of every document it shows (session/documentSessions.ts)
  const follow = store.subscribe((st) => s.documentChanged(st.doc));
  s.documentChanged(store.getState().doc);
  s.play();
  await until(s, (st) => st.phase === 'done');
  return { store, s, follow };
}

describe('Export model after the run, the diagram drawn since', () => {
  it('writes the boxes where they are drawn now, renamed and grouped, with the run’s weights', async () => {
    const { store, s, follow } = await trainedXor();
    const trained = JSON.parse(((await s.reads.modelFile()) as { text: string }).text);
    // none of these changes what is trained: the run stays, and Export model writes it
    store.getState().moveNodes(new Map([['x', { x: 1, y: 2 }]]));
    store.getState().setLabel('lin1', 'first layer');
    store.getState().select(['tanh1', 'lin2']);
    const group = store.getState().groupSelection();
    expect(group).not.toBeNull();
    expect(s.state.phase).toBe('done');
    const file = JSON.parse(((await s.reads.modelFile()) as { text: string }).text);
    const box = (id: string) => file.diagram.boxes.find((b: { id: string }) => b.id === id);
    expect(box('x').position).toEqual({ x: 1, y: 2 });
    expect(box('lin1').label).toBe('first layer');
    expect(file.diagram.groups.map((g: { id: string }) => g.id)).toEqual([group]);
    expect(box('tanh1').parent).toBe(group);
    expect(file.weightData).toBe(trained.weightData);
    expect(file.trainingConfig).toEqual(trained.trainingConfig);
    // and it opens as drawn
    const opened = openInNewPage(file === null ? '' : JSON.stringify(file));
    expect(opened.store.getState().doc.groups.map((g) => g.id)).toEqual([group]);
    opened.session.dispose();
    follow();
    s.dispose();
  });

  it('writes the diagram the run trains when an edit was set aside: the weights are that diagram’s', async () => {
    const { store, s, follow } = await trainedXor();
    // another box changes what is trained; the run goes on as it was, the edit aside
    store.getState().addBox('tanh', { x: 900, y: 900 });
    s.ignoreEdit();
    await until(s, (st) => st.phase === 'done');
    const file = JSON.parse(((await s.reads.modelFile()) as { text: string }).text);
    expect(file.diagram.boxes.map((b: { id: string }) => b.id)).toEqual(xor().boxes.map((b) => b.id));
    follow();
    s.dispose();
  });
});

describe('a model file of a newer minor version, opened and exported again', () => {
  it('gives back the fields this Lensboard does not know, where they were', () => {
    const file = JSON.parse(readFileSync(new URL('../../io/fixtures/model-v1.4.json', import.meta.url), 'utf8'));
    file.diagram.training.seed = file.trainingConfig.seed; // so the diagram opens unchanged
    file.formatMinor = 9;
    file.engine = 'typed-f32';
    file.trainingConfig.preparation = { scale: [1, 1] };
    file.diagram.boxes[0].colour = 'teal';
    const store = createEditorStore();
    openText(store, 'newer.lensboard-model.json', JSON.stringify(file));
    const opened = store.getState().openedModel;
    if (!opened) throw new Error(`not opened: ${JSON.stringify(store.getState().openProblem)}`);
    const again = JSON.parse(openedModelText(opened, new Date(file.createdAt)));
    expect(again).toEqual(file);
  });
});

describe('the pieces an archive is gathered into a Blob from', () => {
  it('are views of the chunks, in order, none over 4 MiB, every byte once', () => {
    const big = new Uint8Array(9 * 2 ** 20 + 3);
    for (let i = 0; i < big.length; i++) big[i] = i % 251;
    const small = Uint8Array.of(7, 8, 9);
    const pieces = blobPieces([small, big.buffer, new ArrayBuffer(0)]);
    expect(pieces.map((p) => p.byteLength)).toEqual([3, 4 * 2 ** 20, 4 * 2 ** 20, 2 ** 20 + 3]);
    expect(pieces.slice(1).every((p) => p.buffer === big.buffer)).toBe(true);
    const joined = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of pieces) {
      joined.set(p, at);
      at += p.length;
    }
    // compared as Buffers: toEqual walks 9 MB value by value for minutes
    expect(Buffer.from(joined.subarray(0, 3)).equals(Buffer.from(small))).toBe(true);
    expect(Buffer.from(joined.subarray(3)).equals(Buffer.from(big))).toBe(true);
  });
});
