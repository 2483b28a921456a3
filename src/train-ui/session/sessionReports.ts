/**
 * What a training worker reports, into the session's store: the engine it runs on, each batch
 * of step snapshots and ended epochs (applied together, at most every 100 ms), the whole-set measures, the
 * phase its acknowledgements say, the end, a lost GPU context, the weights kept in case the
 * worker dies, errors and a worker that threw. The controls that
 * steer the run are in trainSession.ts; this is the other direction (docs/training-panel.md).
 */
import type { ResumeFrom } from '../../learn/session';
import type { TrainerClient } from '../../learn/trainerClient';
import type { EpochMetrics } from '../../learn/trainerTypes';
import type { Ready } from '../../learn/trainProtocol';
import type { LossSeries } from './lossSeries';
import type { SessionState } from './sessionState';

/** The session as its reports see it. */
export interface ReportSink {
  /** The session still follows this client (a report of an earlier one is ignored). */
  readonly live: () => boolean;
  readonly state: () => SessionState;
  /** Applied now, after what was waiting (frameBatch.ts). */
  readonly set: (patch: Partial<SessionState>) => void;
  /** What the session knows of its run once the worker says how many steps an epoch takes. */
  readonly planned: (ready: Ready) => Partial<SessionState>;
  /** Applied with the next batch of snapshots, at most every 100 ms. */
  readonly later: (patch: Partial<SessionState>) => void;
  /** What waits for the next batch. */
  readonly pending: () => Partial<SessionState> | null;
  /** Steps done, and seconds trained, before the worker's current trainer started. */
  readonly before: () => { readonly steps: number; readonly seconds: number };
  /** While stepping: the step whose pause answers the Step. */
  readonly stepTarget: () => number;
  readonly losses: LossSeries;
  /** Lets the worker go. */
  readonly drop: () => void;
  /** The worker's latest copy of its weights, kept in case it dies. */
  readonly keep: (resume: ResumeFrom) => void;
  /** The copy kept last (or the weights the run started from, before its first step). */
  readonly kept: () => ResumeFrom | null;
  /** The worker died (`what` it did, e.g. "failed (out of memory)"): the run stops at the kept weights. */
  readonly died: (what: string) => void;
}

/** Every report of this client, into the session. */
export function listenTo(client: TrainerClient, to: ReportSink): void {
  /** The epoch list waiting for the next batch, pushed onto until it is applied. */
  let waiting: EpochMetrics[] | null = null;
  client.on('ready', ({ ready }) => {
    if (!to.live()) return;
    to.set({ ready, engine: ready.engine, backend: ready.backend, ...to.planned(ready) });
  });
  client.on('snapshot', ({ snapshot }) => {
    if (!to.live()) return;
    const { latest, losses, stepsPerSecond } = snapshot;
    const from = to.before().steps + latest.step - losses.length + 1;
    to.losses.append(from, losses);
    const firstLoss = to.state().firstLoss ?? to.pending()?.firstLoss ?? (losses.length ? losses[0] : null);
    to.later({
      taken: (to.pending()?.taken ?? to.state().taken) + losses.length,
      step: to.before().steps + latest.step,
      epoch: latest.epoch,
      loss: latest.loss,
      accuracy: latest.accuracy,
      lossOf: 'batch',
      firstLoss,
      // the trainer's rate over its latest half second, or none yet: never an epoch's own (learn/stepRate.ts)
      stepsPerSecond,
    });
  });
  client.on('evaluated', ({ train, test }) => {
    if (!to.live()) return;
    to.set({
      measured: { train, test, step: to.state().step },
      loss: train.loss,
      accuracy: train.accuracy,
      lossOf: 'training set',
      points: to.state().points + 1,
    });
  });
  client.on('epoch', ({ metrics: last, earlier }) => {
    if (!to.live()) return;
    const ended = earlier ? [...earlier, last] : [last];
    // Batched with the snapshots: a small set ends an epoch every few steps (XOR's 500 rows in
    // batches of 16, ~400 a second on typed arrays), and a store change each re-rendered the
    // panel and copied the whole list each time. The list waiting for the frame is this
    // session's own (no one reads it yet), so the epochs before the frame are pushed onto it.
    const pending = to.pending()?.epochs;
    if (pending && pending === waiting) waiting.push(...ended);
    else waiting = [...to.state().epochs, ...ended];
    to.later({ epochs: waiting });
  });
  client.on('status', ({ status, engine, pick }) => {
    if (!to.live()) return;
    const step = to.before().steps + status.step;
    const failure = status.failure;
    switch (status.status) {
      case 'running':
        return to.set({ phase: 'running', engine, pick });
      case 'paused':
        if (to.state().phase === 'stepping' && step < to.stepTarget()) return to.set({ engine, pick });
        return to.set({ phase: 'paused', step, engine, pick });
      case 'failed':
        return to.set({ phase: 'failed', failure, message: failure?.message ?? 'training failed' });
      default:
        return;
    }
  });
  client.on('done', ({ result }) => {
    if (!to.live()) return;
    // The numbers end on the whole training set (as an opened model file's start), not on the last batch.
    // Its seconds count the runs it continues (Train more, a Step on): the whole run's training time.
    to.set({
      phase: result.status,
      result: { ...result, seconds: to.before().seconds + result.seconds },
      loss: result.train.loss,
      accuracy: result.train.accuracy,
      lossOf: 'training set',
      step: result.steps,
      engine: result.engine,
      failure: result.failure,
      message: result.failure?.message ?? null,
    });
  });
  client.on('context-lost', ({ kept, message }) => {
    if (!to.live()) return;
    // the worker keeps no copy of its own: the page's last one is the run's (learn/trainRun.ts)
    const resume = to.kept();
    to.drop();
    if (!resume) return to.set({ phase: 'error', message, lost: true });
    to.set({
      phase: 'error',
      message,
      lost: true,
      step: kept.stepsDone,
      resume: { ...resume, name: 'the run the GPU lost', seed: to.state().seed ?? 1 } as SessionState['resume'],
    });
  });
  client.on('kept', ({ resume }) => {
    if (to.live()) to.keep(resume);
  });
  client.on('error', ({ message, crashed }) => {
    if (!to.live()) return;
    if (crashed) return to.died(`failed (${message})`);
    to.set({ phase: 'error', message });
  });
}
