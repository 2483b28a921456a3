/**
 * The board's rows under a class's stream of reports (docs/class.md#the-board): messages only
 * mark a room, and the rows are read and handed on once a frame at most, every `minMs` at most,
 * an unchanged student's row staying the same object. The clock is a fake one stepped by hand:
 * draws are counted, not timed.
 */
import { describe, expect, it } from 'vitest';
import type { BoardRow } from './board';
import { boardRows, type FrameClock } from './boardRows';

function fakeClock() {
  let now = 0;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { at: number; f: () => void }>();
  let next = 1;
  const clock: FrameClock = {
    now: () => now,
    frame: (f) => {
      frames.set(next, f);
      return next++;
    },
    cancelFrame: (h) => frames.delete(h as number),
    after: (ms, f) => {
      timers.set(next, { at: now + ms, f });
      return next++;
    },
    cancelAfter: (h) => timers.delete(h as number),
  };
  return {
    clock,
    /** Runs the animation frame(s) waiting. */
    frame() {
      const due = [...frames.values()];
      frames.clear();
      for (const f of due) f();
    },
    /** Moves the time on by `ms`, running the timers that fall due. */
    advance(ms: number) {
      now += ms;
      for (const [h, t] of [...timers]) {
        if (t.at > now) continue;
        timers.delete(h);
        t.f();
      }
    },
    waiting: () => frames.size + timers.size,
  };
}

const row = (id: string, step: number): BoardRow => ({
  id,
  name: '',
  phase: 'running',
  step,
  epoch: step,
  loss: 1 / step,
  accuracy: null,
  learningRate: 0.1,
  curve: [[step, 1 / step]],
});

/** 60 students, each room's step as a page would have written it. */
function classOf(n: number) {
  const ids = Array.from({ length: n }, (_, i) => `s${i}`);
  const step = new Map(ids.map((id) => [id, 0]));
  const reads: string[] = [];
  const published: BoardRow[][] = [];
  return {
    ids,
    step,
    reads,
    published,
    read: (id: string) => {
      reads.push(id);
      return row(id, step.get(id) ?? 0);
    },
    publish: (rows: BoardRow[]) => published.push(rows),
  };
}

describe('the board’s rows', () => {
  it('hand on one list per frame for 120 messages from 60 students, each room read once', () => {
    const t = fakeClock();
    const c = classOf(60);
    const rows = boardRows(() => c.ids, c.read, c.publish, 250, t.clock);
    for (let report = 1; report <= 2; report++)
      for (const id of c.ids) {
        c.step.set(id, report);
        rows.mark(id);
      }
    expect(c.published).toHaveLength(0); // nothing drawn before the frame
    t.frame();
    expect(c.published).toHaveLength(1);
    expect(c.reads).toHaveLength(60);
    expect(c.published[0].map((r) => r.step)).toEqual(c.ids.map(() => 2));
  });

  it('wait minMs after a draw before the next, however many messages come meanwhile', () => {
    const t = fakeClock();
    const c = classOf(60);
    const rows = boardRows(() => c.ids, c.read, c.publish, 250, t.clock);
    rows.mark('s0');
    t.frame();
    expect(c.published).toHaveLength(1);
    // A second of 60 students at 2 Hz, 120 messages, in ticks of 10 ms with a frame each: 4 draws at most.
    for (let tick = 0; tick < 100; tick++) {
      rows.mark(c.ids[tick % 60]);
      if (tick % 5 === 0) rows.mark(c.ids[(tick + 30) % 60]);
      t.advance(10);
      t.frame();
    }
    expect(c.published.length - 1).toBeLessThanOrEqual(4);
    expect(c.published.length - 1).toBeGreaterThanOrEqual(3);
    rows.stop();
    expect(t.waiting()).toBe(0);
  });

  it('keep a student’s row the same object when their room did not change, so the board skips it', () => {
    const t = fakeClock();
    const c = classOf(3);
    const rows = boardRows(() => c.ids, c.read, c.publish, 250, t.clock);
    for (const id of c.ids) rows.mark(id);
    t.frame();
    c.step.set('s1', 5);
    rows.mark('s1');
    t.advance(250);
    t.frame();
    const [before, after] = c.published;
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1].step).toBe(5);
    expect(c.reads).toEqual(['s0', 's1', 's2', 's1']);
  });

  it('show a student who joined with no report yet only once their room is read, in the roster’s order', () => {
    const t = fakeClock();
    const c = classOf(2);
    const open = new Set(['s1']);
    const rows = boardRows(
      () => c.ids,
      (id) => (open.has(id) ? c.read(id) : null),
      c.publish,
      250,
      t.clock,
    );
    rows.mark('s0');
    rows.mark('s1');
    t.frame();
    expect(c.published[0].map((r) => r.id)).toEqual(['s1']);
    open.add('s0');
    rows.mark('s0');
    t.advance(250);
    t.frame();
    expect(c.published[1].map((r) => r.id)).toEqual(['s0', 's1']);
  });
});
