/**
 * The controls' state machine on its own, as the training loop drives it: which control moves
 * which status, what `gate` answers before a step, and that a parked loop wakes for a control
 * that came while it was busy. The trainer's own tests (trainerControls.test.ts) drive it
 * through a real run; these reach each move without one.
 */
import { describe, expect, it } from 'vitest';
import { Controls } from './controls';

/** Controls brought to `status` by the moves a user and the loop make. */
function at(status: 'idle' | 'running' | 'paused' | 'stopped' | 'done' | 'failed'): Controls {
  const c = new Controls();
  if (status === 'running' || status === 'paused') c.start();
  if (status === 'paused') c.pause();
  if (status === 'stopped') c.stop();
  if (status === 'done' || status === 'failed') {
    c.start();
    c.end(status);
  }
  return c;
}

describe('the controls', () => {
  it('start idle, and the loop starting makes them run (only from idle)', () => {
    const c = new Controls();
    expect(c.status).toBe('idle');
    expect(c.stopped).toBe(false);
    c.start();
    expect(c.status).toBe('running');
    const paused = at('paused');
    paused.start();
    expect(paused.status, 'a paused run is not set running by the loop starting').toBe('paused');
    const stopped = at('stopped');
    stopped.start();
    expect(stopped.status).toBe('stopped');
  });

  it('pause a running or idle run (the run then starts paused), and nothing else', () => {
    for (const from of ['running', 'idle'] as const) {
      const c = at(from);
      c.pause();
      expect(c.status, from).toBe('paused');
    }
    for (const from of ['stopped', 'done', 'failed'] as const) {
      const c = at(from);
      c.pause();
      expect(c.status, `pause after ${from}`).toBe(from);
    }
  });

  it('resume only a paused run', () => {
    const c = at('paused');
    c.resume();
    expect(c.status).toBe('running');
    for (const from of ['idle', 'stopped', 'done', 'failed'] as const) {
      const other = at(from);
      other.resume();
      expect(other.status, `resume after ${from}`).toBe(from);
    }
  });

  it('stop a run that is idle, running or paused; a finished run stays as it ended', () => {
    for (const from of ['idle', 'running', 'paused'] as const) {
      const c = at(from);
      c.stop();
      expect(c.status, from).toBe('stopped');
      expect(c.stopped).toBe(true);
    }
    for (const from of ['done', 'failed'] as const) {
      const c = at(from);
      c.stop();
      expect(c.status, `stop after ${from}`).toBe(from);
    }
  });

  it('count a failed run as stopped, a finished one not', () => {
    expect(at('failed').stopped).toBe(true);
    expect(at('done').stopped).toBe(false);
    expect(at('running').stopped).toBe(false);
    expect(at('paused').stopped).toBe(false);
  });

  it("gate: 'go' while running, 'stop' once stopped or failed, 'park' while paused", () => {
    expect(at('running').gate()).toBe('go');
    expect(at('idle').gate()).toBe('go');
    expect(at('stopped').gate()).toBe('stop');
    expect(at('failed').gate()).toBe('stop');
    expect(at('paused').gate()).toBe('park');
  });

  it('let exactly as many steps through while paused as were asked for', () => {
    const c = at('paused');
    c.stepOnce();
    c.stepOnce();
    expect(c.gate()).toBe('go');
    expect(c.gate()).toBe('go');
    expect(c.gate(), 'a third step was never asked for').toBe('park');
    expect(c.status).toBe('paused');
  });

  it('keep no step asked for while running: pausing later parks at once', () => {
    const c = at('running');
    c.stepOnce();
    // the step asked for is used by the next go, so it is not carried into the pause
    expect(c.gate()).toBe('go');
    c.pause();
    expect(c.gate()).toBe('park');
  });

  it('park, reading back each time, until a control comes; then go on (unpark) or stop', async () => {
    const c = at('paused');
    const seen: string[] = [];
    const going = c.parked(
      async () => {
        seen.push('park');
      },
      () => seen.push('unpark'),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual(['park']);
    c.stepOnce();
    expect(await going).toBe('go');
    expect(seen, 'read back once, then woken by the step asked for').toEqual(['park', 'unpark']);
    expect(c.gate(), 'the one step asked for was used by the parked loop').toBe('park');

    const stopping = c.parked(
      async () => {
        seen.push('park');
      },
      () => seen.push('unpark'),
    );
    await Promise.resolve();
    const before = seen.length;
    c.stop();
    expect(await stopping).toBe('stop');
    expect(seen.slice(before), 'a stopped loop is not unparked').not.toContain('unpark');
  });

  it('wake for a control that came while park was reading back (it is not lost)', async () => {
    const c = at('paused');
    let parks = 0;
    const result = await c.parked(
      async () => {
        parks++;
        c.resume();
      },
      () => {},
    );
    expect(result).toBe('go');
    expect(parks).toBe(1);
    expect(c.status).toBe('running');
  });

  it('go on at once, without parking, when not paused', async () => {
    const c = at('running');
    let parks = 0;
    let unparked = 0;
    expect(
      await c.parked(
        async () => {
          parks++;
        },
        () => {
          unparked++;
        },
      ),
    ).toBe('go');
    expect(parks).toBe(0);
    expect(unparked).toBe(1);
    expect(
      await at('stopped').parked(
        async () => {},
        () => {},
      ),
    ).toBe('stop');
  });
});
