/**
 * What Export model writes, and whether it can: the session's run (during or after training),
 * or, before any run, a model file just opened — written again from its own parts, so that
 * export → open → export gives the same bytes but for `createdAt` (docs/model-format.md; the
 * writing itself is in ./openedModelFile, loaded when Export model is pressed).
 */
import type { OpenedModel } from '../../editor/store/types';
import type { LensDocument } from '../../io/document';
import type { OpenedWeights, SessionState } from '../session/sessionState';

export type ExportSource =
  | { readonly kind: 'run' }
  | { readonly kind: 'opened'; readonly opened: OpenedModel }
  | { readonly kind: 'none'; readonly why: string };

/** The weights handed to the session for an opened model file: they name it as the file does. */
export const resumeOf = (opened: OpenedModel): OpenedWeights => ({
  weights: opened.weights,
  epochsDone: opened.model.trainingConfig.epochsDone,
  stepsDone: opened.model.trainingConfig.stepsDone,
  optimiserSteps: opened.model.trainingConfig.optimiserSteps,
  name: opened.file,
  // Given weights carry no optimiser state: each run from them starts the optimiser's afresh.
  ...(opened.given ? { given: true, partial: true } : {}),
});

const NO_RUN: ReadonlySet<SessionState['phase']> = new Set(['idle', 'starting', 'error']);
const HELD: ReadonlySet<SessionState['phase']> = new Set(['idle', 'starting', 'paused']);

/**
 * `loaded` is what was handed to the session for `opened`; it counts only while the session
 * still holds it (no Reset, no run since) and the diagram is the one the file opened as.
 */
export function exportSource(
  session: Pick<SessionState, 'phase' | 'ready' | 'resume' | 'step'>,
  doc: LensDocument,
  opened: OpenedModel | null,
  loaded: SessionState['resume'],
): ExportSource {
  // An opened model waits paused, measured, for Play: until it takes a step it is the file.
  const untouched = HELD.has(session.phase) && loaded !== null && session.step === loaded.stepsDone;
  if (opened && loaded && session.resume === loaded && untouched) {
    if (opened.doc === doc) return { kind: 'opened', opened };
    return { kind: 'none', why: 'the diagram changed since the model was opened: train it first' };
  }
  if (session.ready !== null && !NO_RUN.has(session.phase)) return { kind: 'run' };
  if (session.phase === 'starting') return { kind: 'none', why: 'training is starting: wait a moment' };
  return { kind: 'none', why: 'train first: there are no trained weights yet' };
}

/** Copied into a Blob in one task each: a few ms, so that Cancel export and the page answer between. */
const PIECE_BYTES = 4 * 2 ** 20;

/** The chunks cut into views of at most PIECE_BYTES (no byte copied). */
export function blobPieces(chunks: readonly (ArrayBuffer | Uint8Array)[]): Uint8Array<ArrayBuffer>[] {
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  for (const c of chunks) {
    const bytes = (c instanceof Uint8Array ? c : new Uint8Array(c)) as Uint8Array<ArrayBuffer>;
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) pieces.push(bytes.subarray(at, at + PIECE_BYTES));
  }
  return pieces;
}
