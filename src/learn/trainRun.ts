/**
 * A run in the training worker: what it keeps to go on after it ends ('continue'), to be written
 * as a model file at any time, and to survive a lost GPU context or a dead worker (a copy of its
 * weights taken at each pause, every second and at the end, moved to the page each time: the
 * page keeps the last one, the worker none, so a lost GPU context sends only which step the
 * page's copy is of; docs/training-panel.md, "A worker that dies").
 */
import { onWebglContextLost } from '../engines/backend';
import type { LensDocument } from '../io/document';
import type { DatasetRef } from '../io/modelSchema';
import { modelArchiveChunks, modelFileText, needsArchive } from '../io/modelWrite';
import { modelParts, savedWeights, type TrainerSnapshot, writeModelFile } from './modelFile';
import type { StepTrace } from './runners/types';
import type { ResumeFrom, Session } from './session';
import type { TrainerSettings } from './settings';
import type { EpochMetrics, Trainer, TrainResult } from './trainer';
import type { Post } from './trainReports';

/** What a run needs to go on or be written as a model file once it has ended. */
export interface Run {
  readonly trainer: Trainer;
  readonly session: Session;
  readonly binding: DatasetRef;
  /** Set once run() has returned; until then the run is under way. */
  result: TrainResult | null;
  /** The epochs and steps done before this run (a model file's, or the run it continues). */
  readonly before: { readonly epochs: number; readonly steps: number };
  /** The whole sets' metrics after the last epoch, and the steps taken (for a model file written mid-run). */
  lastEpoch: EpochMetrics | null;
  stepsTaken: number;
  /** Which step the page's copy of the weights and state is of (the copy itself is the page's). */
  copied?: { readonly epochsDone: number; readonly stepsDone: number };
  /**
   * The page holds the weights this run starts from (it sent them, or the end of the run this
   * one continues was copied to it): no copy is taken until the run has stepped.
   */
  readonly pageHasStart?: boolean;
  /** The last trace sent as summaries, kept to send the values the page opens. */
  held?: { readonly step: number; readonly trace: StepTrace };
}

/** How often a run copies its weights (off the GPU on webgl) while it runs. */
const COPY_EVERY_MS = 1000;

function copyOff(r: Run): ResumeFrom {
  return {
    weights: savedWeights(r.trainer).map((w) => ({ ...w, data: Float32Array.from(w.data) })),
    epochsDone: r.result?.epochs ?? (r.lastEpoch ? r.lastEpoch.epoch + 1 : r.before.epochs),
    stepsDone: r.result?.steps ?? r.before.steps + r.stepsTaken,
  };
}

/**
 * Copies the weights and moves the copy to the page, which keeps it in case the worker dies; the
 * worker keeps none (a 25 M-parameter model's copy is 286 MB). Before the run's first step a run
 * the page started from its own weights, or that continues one whose end it has, sends nothing:
 * the page keeps what it has (bench/README.md, *A 25 M model in Chromium*).
 */
export function keep(r: Run, post: Post): void {
  if (r.pageHasStart && r.stepsTaken === 0 && r.result === null) return;
  const copy = copyOff(r);
  r.copied = { epochsDone: copy.epochsDone, stepsDone: copy.stepsDone };
  post({ type: 'kept', resume: copy }, keptTransfer(copy));
}

/** The copy's buffers, each once. */
export const keptTransfer = (copy: ResumeFrom): ArrayBuffer[] => [
  ...new Set(copy.weights.map((w) => w.data.buffer as ArrayBuffer)),
];

/**
 * Keeps a copy of the weights (off the GPU on webgl) at each pause and every second while the
 * run goes, each sent to the page (a worker that dies takes its weights with it); on webgl, when
 * the GPU's context is lost, stops the run and sends the last copy. The end's copy is go()'s.
 */
export function keepCopies(r: Run, post: Post): () => void {
  keep(r, post);
  const timer = setInterval(() => {
    if (r.trainer.status === 'running') keep(r, post);
  }, COPY_EVERY_MS);
  const offStatus = r.trainer.onStatus((s) => {
    if (s.status === 'paused') keep(r, post);
  });
  const offLost = onWebglContextLost(() => {
    if (!r.trainer.engine.startsWith('tfjs')) return; // the typed engine never used the GPU
    clearInterval(timer);
    r.trainer.stop();
    const kept = r.copied ?? { epochsDone: r.before.epochs, stepsDone: r.before.steps };
    post({
      type: 'context-lost',
      kept,
      message: `The GPU's WebGL context was lost at step ${r.before.steps + r.stepsTaken}, so training stopped. The weights of step ${kept.stepsDone} are kept: go on with another engine.`,
    });
  });
  return () => {
    clearInterval(timer);
    offStatus();
    offLost?.();
  };
}

/** The engine a continued run keeps: the one the first run ended on ('auto' picked already). */
export function engineOf(t: Trainer): TrainerSettings['engine'] {
  if (t.settings.engine !== 'auto') return t.settings.engine;
  return t.enginePick?.picked ?? 'typed';
}

/**
 * The run as the file Export model saves: the JSON form, or the archive's chunks (each a fresh
 * buffer, to be moved to the page) when the weights are too big for JSON (docs/model-format.md,
 * *The archive*), or whatever their size when `alwaysArchive` (the run book keeps runs so).
 */
export function modelFile(
  run: Run,
  createdAt: string,
  alwaysArchive = false,
  drawn?: LensDocument,
): { text: string } | { chunks: ArrayBuffer[] } {
  const parts = modelParts(snapshotOf(run, createdAt, drawn));
  if (!alwaysArchive && !needsArchive(parts.weights)) return { text: modelFileText(parts) };
  return { chunks: modelArchiveChunks(parts).map((c) => c.slice().buffer) };
}

export function modelText(run: Run, createdAt: string): string {
  return writeModelFile(snapshotOf(run, createdAt));
}

/** `drawn`: the run's document as the page draws it now (moved, renamed, grouped), else the one it started on. */
function snapshotOf(run: Run, createdAt: string, drawn?: LensDocument): TrainerSnapshot {
  const { trainer, result, lastEpoch } = run;
  const metrics = result
    ? { train: result.train, test: result.test }
    : { train: lastEpoch?.train ?? null, test: lastEpoch?.test ?? null };
  return {
    document: drawn ?? run.session.document,
    dataset: run.binding,
    trainer,
    epochsDone: result?.epochs ?? (lastEpoch ? lastEpoch.epoch + 1 : run.before.epochs),
    stepsDone: result?.steps ?? run.before.steps + run.stepsTaken,
    metrics,
    createdAt: new Date(createdAt),
  };
}
