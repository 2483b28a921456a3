/**
 * A model-based test of "the run uses what the panel shows" (docs/training-panel.md, "Opening a
 * file"): random sequences of opening a model file or a document, changing the epochs,
 * batch, loss, optimiser or learning rate as the Settings panel does, Play and Reset, over the
 * editor's store and sessions with real training hosts in this thread. After every Play the run
 * that trained reports the settings the panel showed when Play was pressed. Seeded; the seed is
 * printed.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { openText } from '../../editor/persist/openText';
import { createEditorStore, type EditorStore } from '../../editor/store/createEditorStore';
import { loadExample } from '../../io/examples';
import type { LossKind } from '../../kinds/losses';
import type { OptimiserKind } from '../../learn/optimisers/index';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { fcSeed } from '../../testing/seed';
import { until } from '../../testing/sessionWait';
import { resumeOf } from '../model/modelExport';
import {
  editHyper,
  editLoss,
  editOptimiser,
  hyperValue,
  lossKind,
  optimiserKind,
  type SettingEdit,
} from '../panel/trainSettings';
import { type DocumentSessions, documentSessions } from './documentSessions';
import type { SessionState } from './sessionState';
import { requestFrom } from './TrainingProvider';
import { TrainSession } from './trainSession';

/** Runs are capped at this many epochs (a document asking more trains this many), so a sequence stays short. */
const CAP = 3;
const DONE: ReadonlySet<SessionState['phase']> = new Set(['done', 'stopped', 'failed', 'error']);

interface Page {
  readonly store: EditorStore;
  readonly sessions: DocumentSessions;
}

function openPage(): Page {
  const store = createEditorStore();
  store.getState().setDocument(loadExample('xor'), true, 'restore');
  const sessions = documentSessions(
    store,
    () =>
      new TrainSession(
        () => new TrainerClient(inMemoryWorker()),
        async () => {
          const r = await requestFrom(store, 'typed');
          return { ...r, settings: { ...r.settings, epochs: Math.min(r.settings?.epochs ?? CAP, CAP) } };
        },
        'typed',
      ),
  );
  sessions.connect();
  return { store, sessions };
}

const session = (p: Page) => p.sessions.shelf.session;

/** An edit as the Settings panel makes it (panel/TrainSettings.tsx): the document, and the live run's hypers. */
function apply(p: Page, edit: SettingEdit): void {
  const s = p.store.getState();
  if (edit.where === 'box') s.setConfig(edit.box, edit.key, edit.value);
  else s.setTraining(edit.patch as Parameters<typeof s.setTraining>[0]);
}

/** What the panel shows of the open document, as a run should take it. */
function shown(p: Page) {
  const doc = p.store.getState().doc;
  return {
    epochs: Math.min(doc.training?.epochs ?? 100, CAP),
    batchSize: doc.training?.batchSize ?? 32,
    loss: lossKind(doc),
    optimiser: optimiserKind(doc),
    learningRate: hyperValue(doc, 'learningRate'),
  };
}

async function settle(p: Page): Promise<SessionState> {
  const s = session(p);
  return until(s, (st) => st.phase === 'idle' || st.phase === 'paused' || DONE.has(st.phase));
}

/** A model file of xor trained one epoch, made once: what Open… reads. */
let modelText: string | null = null;
async function trainedModel(): Promise<string> {
  if (modelText) return modelText;
  const p = openPage();
  apply(p, { where: 'training', patch: { epochs: 1 } });
  session(p).play();
  await until(session(p), (st) => st.phase === 'done');
  modelText = await session(p).reads.modelText();
  p.sessions.dispose();
  if (!modelText) throw new Error('the run wrote no model file');
  return modelText;
}

type Cmd = fc.AsyncCommand<object, Page>;
const command = (name: string, run: (p: Page) => Promise<void> | void): Cmd => ({
  check: () => true,
  run: async (_m, p) => {
    await run(p);
    await settle(p);
  },
  toString: () => name,
});

const LOSSES: LossKind[] = ['softmax-cross-entropy', 'mse', 'mse-mean'];
const OPTIMISERS: OptimiserKind[] = ['adam', 'gd', 'momentum'];

const table: Cmd[] = [
  command('open the model file', async (p) => {
    openText(p.store, 'xor.lensboard-model.json', await trainedModel());
    const opened = p.store.getState().openedModel;
    // As the page's ExportModel does: the opened weights go to the session at once.
    if (opened) session(p).loadWeights(resumeOf(opened));
  }),
  command('open the document xor', (p) => openText(p.store, 'xor.lensboard.json', JSON.stringify(loadExample('xor')))),
  ...[1, 2, 5].map((n) => command(`epochs ${n}`, (p) => apply(p, { where: 'training', patch: { epochs: n } }))),
  ...[16, 50].map((n) => command(`batch ${n}`, (p) => apply(p, { where: 'training', patch: { batchSize: n } }))),
  ...LOSSES.map((k) => command(`loss ${k}`, (p) => apply(p, editLoss(p.store.getState().doc, k)))),
  ...OPTIMISERS.map((k) => command(`optimiser ${k}`, (p) => apply(p, editOptimiser(p.store.getState().doc, k)))),
  // Small enough that ½Σ MSE with gradient descent does not diverge on XOR at any batch drawn (0.05 did).
  ...[0.003, 0.01].map((v) =>
    command(`learning rate ${v}`, (p) => {
      apply(p, editHyper(p.store.getState().doc, 'learningRate', v));
      session(p).setHypers({ learningRate: v });
    }),
  ),
  command('reset', (p) => session(p).reset()),
  command('play', async (p) => {
    const want = shown(p);
    const s = session(p);
    const before = s.state.ready;
    const epochsBefore = s.state.phase === 'idle' ? null : s.state.lastEpoch;
    s.play();
    // Play answers at once (starting, resuming): an ended run's state is not the answer.
    expect(DONE.has(s.state.phase), `Play left the run ${s.state.phase}`).toBe(false);
    const st = await until(s, (x) => DONE.has(x.phase));
    expect(st.phase, st.message ?? '').toBe('done');
    const r = st.ready;
    expect(r).not.toBeNull();
    if (!r) return;
    // The run trained the epochs, batch, loss and optimiser the panel showed at Play.
    expect(st.runEpochs).toBe(want.epochs);
    expect(st.result?.epochs).toBe(st.lastEpoch);
    if (epochsBefore !== null && r === before) expect(st.lastEpoch).toBe(epochsBefore + want.epochs);
    expect({ batch: r.batchSize, loss: r.loss, optimiser: r.optimiser }).toEqual({
      batch: want.batchSize,
      loss: want.loss,
      optimiser: want.optimiser,
    });
    // A fresh start reports its learning rate; a run that goes on had it sent live (setHypers).
    if (r !== before) expect(r.hypers.learningRate).toBeCloseTo(want.learningRate, 6);
  }),
];

const named = (name: string) => table.find((c) => c.toString() === name) as Cmd;
// Opening a model file and Play are drawn as often as all the settings together.
const commands = [
  ...table.map((c) => fc.constant(c)),
  ...Array.from({ length: 5 }, () => fc.constant(named('open the model file'))),
  ...Array.from({ length: 5 }, () => fc.constant(named('play'))),
];

let page: Page | null = null;
afterEach(() => page?.sessions.dispose());

describe('the run uses what the Settings panel shows (model-based)', () => {
  it('after opening a model file or a document, and after every change of a setting', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 10 }), async (cmds) => {
        page?.sessions.dispose();
        page = openPage();
        await fc.asyncModelRun(() => ({ model: {}, real: page as Page }), cmds);
      }),
      { seed: fcSeed(), numRuns: Number(process.env.FC_RUNS ?? 40), verbose: 1 },
    );
  }, 120_000);

  it('an opened model set to 1 epoch, mse and gd trains exactly that at the next Play', async () => {
    page = openPage();
    const real = page;
    const names = ['open the model file', 'epochs 1', 'loss mse', 'optimiser gd', 'batch 50', 'play', 'reset', 'play'];
    await fc.asyncModelRun(() => ({ model: {}, real }), names.map(named));
  });
});
