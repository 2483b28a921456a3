/**
 * The page's heartbeat on a training worker. A worker terminated behind the page's back, or one
 * whose thread is stuck, never says so: the only sign is silence. While a worker exists the page
 * pings it every `everyMs` (the host answers at once, between any two awaits of its run, and
 * every snapshot counts as an answer too); a worker heard from by no message for `silentMs` is
 * dead (docs/training-panel.md, "A worker that dies").
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

export const PULSE: PulseTimes = { everyMs: 500, silentMs: 2000, firstStepMs: 15000 };

/** Pings the client's worker until stopped; calls `dead` once, with the silence, when it stops answering. */
export function watchPulse(client: TrainerClient, dead: (silentMs: number) => void, times = PULSE): () => void {
  let stepped = false;
  const offStep = client.on('snapshot', () => {
    stepped = true;
  });
  let tick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    // A page held up itself (a long task, a hidden tab's slowed timers) gives the worker fresh
    // credit: its answers may be queued behind this very tick.
    if (now - tick > 3 * times.everyMs) client.heard = Math.max(client.heard, now);
    tick = now;
    const silent = now - client.heard;
    if (silent <= (stepped ? times.silentMs : times.firstStepMs)) return client.ping();
    stop();
    dead(silent);
  }, times.everyMs);
  const stop = () => {
    clearInterval(timer);
    offStep();
  };
  return stop;
}
