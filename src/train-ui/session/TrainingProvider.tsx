/**
 * Makes the page's training session and hands it to every panel below: its runs train the
 * document open in the editor, on the rows the page holds for it (an imported CSV) or on the
 * dataset the worker loads itself, with the engine the user chose.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { canvasMotion } from '../../editor/canvas/canvasMotion';
import type { EditorStore } from '../../editor/store/createEditorStore';
import { useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import { DEFAULT_DREAM } from '../../learn/dream';
import { learnsInput } from '../../learn/learntWires';
import { spawnTrainer } from '../../learn/trainerClient';
import type { StartRequest } from '../../learn/trainProtocol';
import { trainingData } from '../data/csvStore';
import { type EngineChoice, engineRequest, realGpu } from './engineChoice';
import { requestedEngine } from './enginePreference';
import { TrainSessionProvider } from './TrainSessionContext';
import { TrainSession } from './trainSession';

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

export function TrainingProvider({ children }: { children: ReactNode }) {
  const store = useEditorStoreApi();
  const [session] = useState(
    () => new TrainSession(spawnTrainer, (choice) => requestFrom(store, choice), requestedEngine()),
  );
  useEffect(() => () => session.dispose(), [session]);
  useEffect(
    () =>
      store.subscribe((now, before) => {
        if (now.doc !== before.doc) session.documentChanged(now.doc);
      }),
    [store, session],
  );
  // While the user pans or zooms the canvas, the worker leaves the CPU to the frames.
  useEffect(
    () =>
      canvasMotion.subscribe((now, before) => {
        if (now.moving !== before.moving) session.makeWay(now.moving);
      }),
    [session],
  );
  useEffect(() => {
    // Test hooks, only with ?debug (as the editor's store is): the leak check of the worker's tfjs,
    // a lost WebGL context, and a worker that dies without a word (the heartbeat must notice).
    if (!new URLSearchParams(window.location.search).has('debug')) return;
    Object.assign(window, {
      lensboardTensors: () => session.reads.tensors(),
      lensboardLoseContext: () => session.loseContext(),
      lensboardKillWorker: () => session.killWorker(),
    });
  }, [session]);
  return <TrainSessionProvider session={session}>{children}</TrainSessionProvider>;
}
