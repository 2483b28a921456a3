/**
 * The held run (./heldRun) on its own, against a made-up session: it plans no epochs while held
 * (unless its weights stand inside an epoch), leaves its hold once, goes stale when the
 * document's run settings change, and rests and wakes only as an opened model not yet played.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../../io/document';
import type { Ready } from '../../learn/trainProtocol';
import { HeldRun } from './heldRun';
import { initial, type OpenedWeights, type SessionState } from './sessionState';

const xor: LensDocument = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

const opened: OpenedWeights = { weights: [], epochsDone: 2, stepsDone: 8, name: 'xor.lensmodel' } as OpenedWeights;

/** A held run over a session whose state, document and worker the test sets; what it asked of it. */
function heldRun() {
  const session = {
    state: {
      ...initial,
      phase: 'paused',
      step: 8,
      runEpochs: 5,
      resume: opened,
      resets: 0,
      choice: 'auto',
      taken: 0,
    } as SessionState,
    epochsBefore: 2,
    document: xor as LensDocument | null,
    live: true,
    drops: 0,
    holds: 0,
  };
  const held = new HeldRun({
    state: () => session.state,
    epochsBefore: () => session.epochsBefore,
    document: () => session.document,
    live: () => session.live,
    drop: () => {
      session.drops++;
      session.live = false;
    },
    hold: () => {
      session.holds++;
    },
  });
  return { held, session };
}

const ready = (stepsPerEpoch: number) => ({ stepsPerEpoch }) as Ready;

describe('a held run', () => {
  it('is held from a start in the hold mode until it leaves its hold, once', () => {
    const { held } = heldRun();
    expect(held.holding).toBe(false);
    expect(held.unhold()).toEqual({});
    held.begin(true);
    expect(held.holding).toBe(true);
    expect(held.unhold()).toEqual({ lastEpoch: 7 });
    expect(held.holding).toBe(false);
    expect(held.unhold()).toEqual({});
    held.begin(false);
    expect(held.holding).toBe(false);
  });

  it('plans its epochs at once only when its weights stand inside an epoch', () => {
    const { held, session } = heldRun();
    held.begin(true);
    // step 8 after 2 epochs of 4: at an epoch's end, Play plans
    expect(held.planned(ready(4))).toEqual({});
    // 3 steps an epoch: step 8 is the third epoch's second, under way
    expect(held.planned(ready(3))).toEqual({ lastEpoch: 7 });
    held.unhold();
    expect(held.planned(ready(3))).toEqual({});
    session.state = { ...session.state, step: 7 };
    held.begin(false);
    expect(held.planned(ready(3))).toEqual({});
  });

  it('goes stale when the document’s run settings change, paused or starting', () => {
    const { held, session } = heldRun();
    held.begin(true);
    held.startedWith(xor);
    expect(held.stale()).toBe(false);
    session.document = { ...xor, training: { ...xor.training, epochs: 17 } } as LensDocument;
    expect(held.stale()).toBe(true);
    session.state = { ...session.state, phase: 'starting' };
    expect(held.stale()).toBe(true);
    session.state = { ...session.state, phase: 'running' };
    expect(held.stale()).toBe(false);
    session.state = { ...session.state, phase: 'paused', resume: null };
    expect(held.stale()).toBe(false);
    // a run not held remembers no settings
    held.begin(false);
    held.startedWith(xor);
    held.begin(true);
    expect(held.stale()).toBe(false);
  });

  it('starts afresh from the opened weights, each that still fits kept', () => {
    const { held, session } = heldRun();
    expect(held.weights()).toEqual({ ...opened, partial: true });
    session.state = { ...session.state, resume: null };
    expect(held.weights()).toBeUndefined();
  });

  it('rests only as an opened model not yet played, and wakes once', () => {
    const { held, session } = heldRun();
    held.rest();
    expect(session.drops).toBe(0); // not held
    held.begin(true);
    session.state = { ...session.state, step: 9 };
    held.rest();
    expect(session.drops).toBe(0); // stepped on from the file's weights
    session.state = { ...session.state, step: 8, phase: 'running' };
    held.rest();
    expect(session.drops).toBe(0);
    session.state = { ...session.state, phase: 'paused' };
    held.rest();
    expect(session.drops).toBe(1);
    held.rest();
    expect(session.drops).toBe(1); // its worker is gone already
    held.wake();
    held.wake();
    expect(session.holds).toBe(1);
  });

  it('does not wake once its session is disposed, nor after a new start', () => {
    const { held, session } = heldRun();
    held.begin(true);
    held.rest();
    held.dispose();
    held.wake();
    expect(session.holds).toBe(0);
    session.live = true;
    held.begin(true);
    held.rest();
    held.begin(true);
    held.wake();
    expect(session.holds).toBe(0);
  });
});
