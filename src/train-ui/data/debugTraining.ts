/**
 * A test hook, installed only with `?debug` (as the editor's store is): trains the open
 * document once in a real training worker, with the rows the page holds for it (an imported
 * CSV), and reports plain facts. The e2e tests use it to see an uploaded file reach the worker
 * before the training panel exists to press Play on.
 */
import type { EditorStore } from '../../editor/store/createEditorStore';
import type { TrainerSettings } from '../../learn/settings';
import { spawnTrainer } from '../../learn/trainerClient';
import { trainingData } from './csvStore';

export interface DebugRun {
  /** The page's copy of the rows was handed over (emptied), not cloned. */
  readonly transferred: boolean;
  readonly trainRows: number;
  readonly status: string;
  readonly accuracy: number | null;
}

export async function trainOnceInWorker(store: EditorStore, settings: Partial<TrainerSettings>): Promise<DebugRun> {
  const doc = store.getState().doc;
  const data = await trainingData(doc.dataset);
  const client = spawnTrainer();
  try {
    const ready = client.next('ready');
    const done = client.next('done');
    const failed = client.next('error').then((e) => Promise.reject(new Error(e.message)));
    client.start({ document: doc, data, settings });
    const transferred = data !== undefined && data.features.byteLength === 0 && data.labels.byteLength === 0;
    const { ready: info } = await Promise.race([ready, failed]);
    const { result } = await Promise.race([done, failed]);
    return { transferred, trainRows: info.trainRows, status: result.status, accuracy: result.train.accuracy };
  } finally {
    client.terminate();
  }
}

export function installDebugTraining(store: EditorStore): void {
  if (!new URLSearchParams(window.location.search).has('debug')) return;
  Object.assign(window, {
    lensboardTrainOnce: (settings: Partial<TrainerSettings> = {}) => trainOnceInWorker(store, settings),
  });
}
