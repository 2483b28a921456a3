/** The training panel's status line: what the run is doing, in words a class can read. */
import type { BackendReport } from '../../engines/backend';
import { epochLoss, findDivergence } from '../../learn/divergence';
import type { SessionState } from '../session/sessionState';

const seconds = (s: number) => (s < 10 ? s.toFixed(2) : s.toFixed(1));

/**
 * The status line, with a warning when the run's loss grew by orders of magnitude
 * (learn/divergence.ts): the run goes on, but the user should know before trusting it.
 */
export function phaseText(s: SessionState): string {
  const text = phaseWords(s);
  if (s.phase === 'failed' || s.phase === 'error' || s.epochs.length === 0) return text;
  const d = findDivergence(
    s.firstLoss,
    s.epochs.map((e) => ({ epoch: e.epoch, loss: epochLoss(e) })),
  );
  return d ? `${text} Warning: ${d.message}.` : text;
}

/**
 * What the run in the worker was started with, as the Settings panel names it (its loss,
 * optimiser and learning rate, batch and epochs), so a reader can check the one against the other.
 */
export function runText(s: SessionState): string | null {
  const r = s.ready;
  if (!r || s.phase === 'idle' || s.phase === 'error') return null;
  const epochs = `${s.runEpochs} epoch${s.runEpochs === 1 ? '' : 's'}`;
  return `This run: ${r.loss} loss · ${r.optimiser} (learning rate ${r.hypers.learningRate}) · batch ${r.batchSize} · ${epochs}.`;
}

function phaseWords(s: SessionState): string {
  switch (s.phase) {
    case 'idle':
      return s.resume
        ? `Weights from ${s.resume.name} (${s.resume.epochsDone} epochs done): press Play to go on training them.`
        : 'Ready: press Play to train, or Step to take one batch.';
    case 'starting':
      return 'Starting: loading the data and compiling the diagram…';
    case 'running':
      return 'Training…';
    case 'pausing':
      return 'Pausing…';
    case 'paused':
      return s.steppedOn
        ? `Stepped on from the finished run: step ${s.step} (epoch ${s.epoch + 1}). Step takes one more batch; Play goes on.`
        : `Paused after step ${s.step}. Step takes one more batch; Play goes on.`;
    case 'resuming':
      return 'Resuming…';
    case 'stepping':
      return 'Taking one step…';
    case 'done': {
      const r = s.result;
      // Training time only (learn/trainClock.ts): the pauses are not in it. Two lines at most in
      // the panel's column at 1280 px: Train more, just above it, says how to go on.
      if (!r) return 'Done.';
      const done = `Done: ${r.epochs} epoch${r.epochs === 1 ? '' : 's'}, ${r.steps.toLocaleString('en')} steps`;
      // The seconds of a run that went on from a model file (or from weights another worker
      // trained) count only the steps trained here: "120,000 steps in 1.16 s" said they took all.
      const timed = r.steps - s.untimed;
      return s.untimed > 0 && timed < r.steps
        ? `${done}; the last ${timed.toLocaleString('en')} in ${seconds(r.seconds)} s.`
        : `${done} in ${seconds(r.seconds)} s of training.`;
    }
    case 'stopped':
      return `Stopped after step ${s.step}.`;
    case 'failed':
    case 'error':
      return s.message ?? 'Training stopped.';
  }
}

function webglText(b: BackendReport): string {
  const f32 =
    b.float32RenderTargets === null ? '' : ` · float32 render targets: ${b.float32RenderTargets ? 'yes' : 'no'}`;
  return `WebGL ${b.webglVersion}${f32}`;
}

/** The engine and backend that really run in the worker, e.g. "tfjs · webgl (WebGL 2)". */
export function engineText(s: SessionState): string | null {
  if (!s.engine) return null;
  const b = s.backend;
  const onTfjs = s.engine.startsWith('tfjs');
  const backend = onTfjs && b ? `tfjs · ${b.active}${b.active === 'webgl' ? ` · ${webglText(b)}` : ''}` : s.engine;
  const fell = onTfjs && b && b.active !== b.requested ? ` — ${b.requested} did not start` : '';
  const p = s.pick;
  const pick = !p
    ? ''
    : p.usPerStep.tfjs === null
      ? ` · Auto kept typed arrays: a small model (weights × batch = ${p.small?.toLocaleString('en')})`
      : ` · Auto measured ${Math.round(p.usPerStep.typed)} µs/step typed, ${Math.round(p.usPerStep.tfjs)} µs/step tfjs`;
  return `${backend === 'typed-float32' ? 'typed arrays (float32)' : backend}${fell}${pick}`;
}
