/**
 * The page's heartbeat on a training worker. A worker terminated behind the page's back, or one
 * whose thread is stuck, never says so: the only sign is silence. While a worker exists the page
 * pings it every `everyMs` (the host answers at once, between any two awaits of its run, and
 * every snapshot counts as an answer too); a worker heard from by no message for `silentMs` is
 * dead (docs/training-panel.md, "A worker that dies"). Work the worker knows to be long (a big
 * set measured, a traced step) it announces ('busy'), and a run whose steps are slow teaches the
 * heartbeat to wait longer: twice the longest silence it has ended alive.
 */
import type { TrainerClient } from './trainerClient';

export interface PulseTimes {
  readonly everyMs: number;
  readonly silentMs: number;
  /**
   * The silence allowed until the run's first step is reported. Before it the worker may be
   * busy for long without a turn for messages: compiling a big diagram, measuring an opened
   * model on the whole sets, Auto's race, or tfjs compiling its shaders at the first step on
   * SwiftShader. Once it steps, its loop yields every ~10 ms and a step is short.
   */
  readonly firstStepMs: number;
}

export const PULSE: PulseTimes = { everyMs: 500, silentMs: 5000, firstStepMs: 30000 };

/** Pings the client's worker until stopped; calls `dead` once, with the silence, when it stops answering. */
export function watchPulse(client: TrainerClient, dead: (silentMs: number) => void, times = PULSE): () => void {
  let stepped = false;
  let steppedBefore = false;
  /** When the worker said it was busy ('busy'): the long grace lasts until its next message. */
  let busy = Number.NaN;
  /** The longest silence a worker ended alive since its first step: a big model's steps are long. */
  let slowest = 0;
  let last = client.heard;
  const offStep = client.on('snapshot', () => {
    stepped = true;
  });
  const offBusy = client.on('busy', () => {
    busy = client.heard;
  });
  let tick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    // A page held up itself (a long task, a hidden tab's slowed timers) gives the worker fresh
    // credit: its answers may be queued behind this very tick.
    if (now - tick > 3 * times.everyMs) client.heard = last = Math.max(client.heard, now);
    tick = now;
    // Learnt from a silence after the first step, not a declared one: the gap since the message
    // last heard at the tick before bounds it from above, so the grace errs on the lenient side.
    if (client.heard !== last && steppedBefore && busy !== last) slowest = Math.max(slowest, client.heard - last);
    last = client.heard;
    steppedBefore = stepped;
    const silent = now - client.heard;
    const grace =
      !stepped || busy === client.heard
        ? times.firstStepMs
        : Math.min(times.firstStepMs, Math.max(times.silentMs, 2 * slowest));
    if (silent <= grace) return client.ping();
    stop();
    dead(silent);
  }, times.everyMs);
  const stop = () => {
    clearInterval(timer);
    offStep();
    offBusy();
  };
  return stop;
}
