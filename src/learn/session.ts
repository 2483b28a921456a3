/**
 * From plain data to a trainer: a document (JSON, as a file or a message holds it), the dataset
 * it binds or another one, and settings that override the document's. The CLI and the worker
 * both start here, so a run in a terminal and a run in the browser are the same run.
 */

import { compileDocument } from '../compile/compile';
import { type DatasetOptions, loadDataset } from '../data/catalog';
import type { Dataset } from '../data/dataset';
import type { LensDocument } from '../io/document';
import type { NamedArray } from '../io/modelSchema';
import { parseDocument } from '../io/parse';
import { learnsInput } from '../kinds/learntWires';
import { DEFAULT_DREAM, type DreamSettings, dreamDataset } from './dream';
import { partialStart, trainerStart } from './modelFile';
import { getOptimiser } from './optimisers/index';
import type { TrainerSettings } from './settings';
import { resolveSettings } from './settings';
import { createTrainer, type Trainer, type TrainerStart } from './trainer';
import { boxNamer } from './trainerFailure';

export interface SessionRequest {
  readonly document: unknown;
  /** The dataset to train on; default: the one the document binds, with its options. */
  readonly dataset?: { readonly id: string; readonly options?: DatasetOptions };
  readonly settings?: Partial<TrainerSettings>;
  /** The dream's target and start when the input is learnt; default: the document's (docs/dreaming.md). */
  readonly dream?: Partial<DreamSettings>;
  /** Continue from these weights and optimiser state (an opened model file), matched by name and shape. */
  readonly resume?: ResumeFrom;
}

/** The weights a run starts from instead of fresh ones, with the epochs and steps they have done. */
export interface ResumeFrom {
  readonly weights: readonly NamedArray[];
  readonly epochsDone: number;
  readonly stepsDone: number;
  /** Adam's t exactly, as the model file states it (docs/model-format.md, *The step count*). */
  readonly optimiserSteps?: number;
  /**
   * The diagram was edited since these weights were made: keep each weight whose name and shape
   * still fit, start the others fresh (instead of refusing the mismatch).
   */
  readonly partial?: boolean;
}

export interface Session {
  readonly document: LensDocument;
  readonly dataset: Dataset;
  readonly trainer: Trainer;
}

/** Thrown with every problem listed, one per line, each naming where it is. */
export class SessionError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'SessionError';
  }
}

export function parseOrThrow(json: unknown): LensDocument {
  const parsed = parseDocument(json);
  if (!parsed.ok) throw new SessionError(parsed.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)));
  return parsed.doc;
}

export async function openSession(req: SessionRequest, load = loadDataset): Promise<Session> {
  const document = parseOrThrow(req.document);
  const binding = req.dataset ?? document.dataset;
  if (!binding) throw new SessionError(['the document binds no dataset: choose one']);
  const loaded = await load(binding.id, binding.options as DatasetOptions | undefined);
  const datasetShapes = {
    featureShape: loaded.featureShape,
    labelShape: loaded.labelShape,
    field: loaded.task === 'boolean' ? 'z2' : 'real',
  } as const;
  const compiled = compileDocument(document, { datasetShapes, requireLoss: true });
  if (!compiled.model) {
    throw new SessionError(
      compiled.errors.map((e) => `${e.box ? `box '${e.box}'${e.port ? ` port '${e.port}'` : ''}: ` : ''}${e.message}`),
    );
  }
  const t = document.training;
  const asked: TrainerSettings = {
    epochs: t?.epochs ?? 100,
    batchSize: t?.batchSize ?? 32,
    seed: t?.seed ?? 1,
    testFraction: t?.testFraction ?? 0,
    ...(t?.learn ? { learn: t.learn } : {}),
    ...req.settings,
  };
  // a learnt input learns from one row, the dream's target: one step an epoch, nothing held out
  const dreaming = learnsInput(asked.learn);
  const dream = { ...DEFAULT_DREAM, ...t?.dream, ...req.dream };
  const settings: TrainerSettings = dreaming ? { ...asked, batchSize: 1, testFraction: 0, epochs: dream.steps } : asked;
  let dataset = loaded;
  if (dreaming) {
    try {
      dataset = dreamDataset(loaded, dream, settings.seed);
    } catch (e) {
      throw new SessionError([(e as Error).message]);
    }
  }
  let start: TrainerStart | undefined;
  if (req.resume) {
    const optimiser = getOptimiser(resolveSettings(compiled.model, settings).optimiser);
    if (req.resume.partial) {
      start = partialStart(req.resume.weights, req.resume, compiled.model, optimiser, settings.seed).start;
    } else {
      const matched = trainerStart(req.resume.weights, req.resume, compiled.model, optimiser);
      if (!matched.ok)
        throw new SessionError(matched.errors.map((e) => `the weights do not fit the diagram: ${e.message}`));
      start = matched.start;
    }
  }
  const trainer = createTrainer(compiled.model, dataset, settings, { boxName: boxNamer(document.boxes), start });
  return { document, dataset, trainer };
}
