/**
 * The heartbeat on a training worker, on fake timers: a worker that answers is never taken for
 * dead; one silent for longer than allowed is, once; before its first step, after it said it is
 * busy, and once its steps have shown themselves slow, it is allowed longer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrainerClient, type WorkerLike } from './trainerClient';
import { type PulseTimes, watchPulse } from './trainerPulse';
import type { FromWorker } from './trainProtocol';

const TIMES: PulseTimes = { everyMs: 500, silentMs: 2000, firstStepMs: 30000 };

/** A worker that answers each ping at once while `alive`. */
function fakeWorker() {
  const w = {
    alive: true,
    onmessage: null as WorkerLike['onmessage'],
    postMessage: (m: { type: string }) => {
      if (w.alive && m.type === 'ping') w.say({ type: 'pong' });
    },
    say: (data: FromWorker) => w.onmessage?.({ data }),
  };
  return w;
}

const stepped: FromWorker = {
  type: 'snapshot',
  snapshot: {
    latest: { step: 1, epoch: 0, loss: 1, accuracy: null },
    losses: new Float32Array(1),
    stepsPerSecond: null,
  },
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the heartbeat', () => {
  it('leaves a worker that answers alone, and takes one silent for 2 s for dead, once', () => {
    const w = fakeWorker();
    const client = new TrainerClient(w as WorkerLike);
    const dead = vi.fn();
    watchPulse(client, dead, TIMES);
    w.say(stepped);
    vi.advanceTimersByTime(60_000);
    expect(dead).not.toHaveBeenCalled();
    w.alive = false;
    vi.advanceTimersByTime(TIMES.silentMs);
    expect(dead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TIMES.everyMs);
    expect(dead).toHaveBeenCalledTimes(1);
    expect(dead.mock.calls[0][0]).toBeGreaterThan(TIMES.silentMs);
    vi.advanceTimersByTime(60_000);
    expect(dead).toHaveBeenCalledTimes(1);
  });

  it('allows a longer silence before the first step (mutant: the same 2 s while it compiles)', () => {
    const w = fakeWorker();
    w.alive = false;
    const dead = vi.fn();
    watchPulse(new TrainerClient(w as WorkerLike), dead, TIMES);
    vi.advanceTimersByTime(TIMES.firstStepMs);
    expect(dead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TIMES.everyMs);
    expect(dead).toHaveBeenCalledTimes(1);
  });

  it("allows the long silence after 'busy', until the next message (mutant: a traced MNIST step is death)", () => {
    const w = fakeWorker();
    const dead = vi.fn();
    watchPulse(new TrainerClient(w as WorkerLike), dead, TIMES);
    w.say(stepped);
    vi.advanceTimersByTime(1000);
    w.say({ type: 'busy' });
    w.alive = false;
    vi.advanceTimersByTime(TIMES.firstStepMs);
    expect(dead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TIMES.everyMs);
    expect(dead).toHaveBeenCalledTimes(1);
  });

  it('learns that a run answers slowly once it has answered late and lived', () => {
    const w = fakeWorker();
    const dead = vi.fn();
    watchPulse(new TrainerClient(w as WorkerLike), dead, TIMES);
    w.say(stepped);
    vi.advanceTimersByTime(1000);
    w.alive = false;
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(1800); // a step of 1.8 s: within the 2 s allowed
      w.say(stepped);
    }
    vi.advanceTimersByTime(3000); // a longer one now passes too
    expect(dead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TIMES.firstStepMs);
    expect(dead).toHaveBeenCalledTimes(1);
  });

  it('stops pinging when stopped', () => {
    const w = fakeWorker();
    const pings = vi.spyOn(w, 'postMessage');
    const stop = watchPulse(new TrainerClient(w as WorkerLike), vi.fn(), TIMES);
    vi.advanceTimersByTime(2 * TIMES.everyMs);
    expect(pings).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(10 * TIMES.everyMs);
    expect(pings).toHaveBeenCalledTimes(2);
  });
});
