/**
 * Makes the page's training session and hands it to every panel below: its runs train the
 * document open in the editor, on the rows the page holds for it (an imported CSV) or on the
 * dataset the worker loads itself, with the engine the user chose.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { canvasMotion } from '../../editor/canvas/canvasMotion';
import type { EditorStore } from '../../editor/store/createEditorStore';
import { useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import { learnsInput } from '../../kinds/learntWires';
import { DEFAULT_DREAM } from '../../learn/dream';
import { spawnTrainer, type TrainerClient } from '../../learn/trainerClient';
import type { StartRequest } from '../../learn/trainProtocol';
import { trainingData } from '../data/csvStore';
import { installDebugTraining } from '../data/debugTraining';
import { lastRunOf, openRun } from '../runs/openRun';
import { pageRuns } from '../runs/pageRuns';
import { RunBookProvider } from '../runs/RunBookContext';
import { documentSessions } from './documentSessions';
import { type EngineChoice, engineRequest, realGpu } from './engineChoice';
import { requestedEngine } from './enginePreference';
import { TrainSessionProvider } from './TrainSessionContext';
import { TrainSession } from './trainSession';
import { AFTER_SPAWN_MS, warmSoon } from './warmSoon';

let gpu: string | null | undefined;

/** The document as it is now, its rows, and the engine: what a run starts with. */
export async function requestFrom(store: EditorStore, choice: EngineChoice): Promise<StartRequest> {
  const doc = store.getState().doc;
  const data = await trainingData(doc.dataset);
  if (gpu === undefined) gpu = realGpu();
  const { engine, backend } = engineRequest(choice, gpu);
  const t = doc.training;
  return {
    document: doc,
    ...(data ? { data } : {}),
    ...(backend ? { backend } : {}),
    settings: {
      engine,
      epochs: learnsInput(t?.learn) ? (t?.dream?.steps ?? DEFAULT_DREAM.steps) : (t?.epochs ?? 100),
      batchSize: t?.batchSize ?? 32,
      seed: t?.seed ?? 1,
      testFraction: t?.testFraction ?? 0,
    },
  };
}

/** A run's worker (the spare when one is loaded), and the next run's loaded once the page idles again. */
function spawnAndWarm(): TrainerClient {
  const client = spawnTrainer();
  warmSoon(AFTER_SPAWN_MS);
  return client;
}

export function TrainingProvider({ children }: { children: ReactNode }) {
  const store = useEditorStoreApi();
  // One run book for the page (read back from IndexedDB); every session's runs are recorded into it,
  // and a run under way is kept when its document is left or its session let go.
  const [{ runs, sessions }] = useState(() => {
    const runs = pageRuns();
    const detach = new Map<TrainSession, () => void>();
    const sessions = documentSessions(
      store,
      () => new TrainSession(spawnAndWarm, (choice) => requestFrom(store, choice), requestedEngine()),
      {
        // A session's runs are of its own document, even when it is recorded while another is open.
        made: (session) =>
          detach.set(
            session,
            runs.attach(session, () => session.document ?? store.getState().doc),
          ),
        left: (session) => void runs.flush(session),
        // Going back to a document whose session was let go: its last kept run, opened again.
        back: (session) => {
          const last = lastRunOf(runs.book.store.getState().runs, store.getState().doc);
          if (last) void openRun(session, last);
        },
        dropped: (session) =>
          runs.flush(session).finally(() => {
            detach.get(session)?.();
            detach.delete(session);
          }),
      },
    );
    return { runs, sessions };
  });
  useEffect(() => sessions.connect(), [sessions]);
  useEffect(() => () => sessions.dispose(), [sessions]);
  const shelf = sessions.shelf;
  // While the user pans or zooms the canvas, the worker leaves the CPU to the frames.
  useEffect(
    () =>
      canvasMotion.subscribe((now, before) => {
        if (now.moving !== before.moving) shelf.session.makeWay(now.moving);
      }),
    [shelf],
  );
  // The data panel's test hook (also ?debug only): it is there before the panel is first opened.
  useEffect(() => installDebugTraining(store), [store]);
  useEffect(() => {
    // Test hooks, only with ?debug (as the editor's store is): the leak check of the worker's tfjs,
    // a lost WebGL context, and a worker that dies without a word (the heartbeat must notice).
    if (!new URLSearchParams(window.location.search).has('debug')) return;
    Object.assign(window, {
      lensboardTensors: () => shelf.session.reads.tensors(),
      lensboardLoseContext: () => shelf.session.loseContext(),
      lensboardKillWorker: () => shelf.session.killWorker(),
    });
  }, [shelf]);
  return (
    <RunBookProvider runs={runs}>
      <TrainSessionProvider shelf={shelf}>{children}</TrainSessionProvider>
    </RunBookProvider>
  );
}
