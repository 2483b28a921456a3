/**
 * The player and what it paints: every move writes the frame's marks to the canvas at once —
 * the box at work, each wire's latest value or change at the followed example — and closing
 * leaves the canvas unmarked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { animationMarks } from '../../editor/canvas/animationMarks';
import { loadExample } from '../../io/examples/index';
import { printNumber } from '../../learn/explain/notation';
import { residualXor, traceOf } from '../../testing/animationTrace';
import { learnerOf } from '../../testing/sourceMapChecks';
import { cellsOf, marksAt, wireReadings } from './marks';
import { Player } from './player';
import { type Buffers, fullData } from './readings';
import { traceOn } from './stepTrace';

const xor = learnerOf(loadExample('xor'));
const dataOf = (t: { buffers: Buffers }, b: number) => fullData(t.buffers[b]) ?? new Float32Array(0);
const traced = (c = xor, seed = 4) => traceOn(c.learner, c.doc, 7, traceOf(c, seed).trace);

afterEach(() => {
  animationMarks.setState({ boxes: {}, wires: {}, pinned: null }, true);
});

describe('the player', () => {
  it('paints each frame it moves to, and clears the canvas when closed (mutant: marks of the previous frame)', () => {
    const p = new Player();
    const t = traced();
    p.load(t);
    expect(animationMarks.getState().boxes).toEqual({
      W1: 'forward',
      W2: 'forward',
      b1: 'forward',
      b2: 'forward',
      x: 'forward',
      y: 'forward',
    });
    p.next();
    expect(animationMarks.getState().boxes).toEqual({ lin1: 'forward' });
    expect(animationMarks.getState().wires.w3).toMatchObject({ pass: 'forward', lit: true, shape: '[8]' });
    expect(animationMarks.getState().wires.w1).toMatchObject({ pass: 'forward', lit: false });
    p.go(1000);
    expect(p.state.index).toBe(t.timeline.frames.length - 1);
    expect(animationMarks.getState().boxes).toEqual({ opt: 'backward' });
    p.go(-3);
    expect(p.state.index).toBe(0);
    p.previous();
    expect(p.state.index).toBe(0);
    p.close();
    expect(animationMarks.getState()).toEqual({ boxes: {}, wires: {}, pinned: null });
    expect(p.state.status).toBe('idle');
  });

  it('plays box after box at its speed, stops at the end, and pauses (mutant: a tick after pause)', () => {
    vi.useFakeTimers();
    try {
      const p = new Player();
      const t = traced();
      p.load(t);
      p.setSpeed(2);
      p.play();
      vi.advanceTimersByTime(499);
      expect(p.state.index).toBe(0);
      vi.advanceTimersByTime(1);
      expect(p.state.index).toBe(1);
      expect(animationMarks.getState().boxes).toEqual({ lin1: 'forward' });
      p.pause();
      vi.advanceTimersByTime(5000);
      expect(p.state.index).toBe(1);
      p.play();
      vi.advanceTimersByTime(500 * t.timeline.frames.length);
      expect(p.state).toMatchObject({ index: t.timeline.frames.length - 1, playing: false });
      p.play(); // at the end, play starts again from the beginning
      expect(p.state.index).toBe(0);
      p.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows the example picked, within the batch', () => {
    const p = new Player();
    const t = traced();
    p.load(t);
    p.go(3);
    p.follow(2);
    expect(p.state.example).toBe(2);
    const w6 = t.timeline.frames[3].shows.w6;
    const row = dataOf(t, w6).subarray(16, 24);
    expect(animationMarks.getState().wires.w6.text).toBe(`[${printNumber(row[0])}, ${printNumber(row[1])}, … 6 more]`);
    p.follow(99);
    expect(p.state.example).toBe(t.batch - 1);
  });
});

describe('the marks of a frame', () => {
  it('show a wire’s value going forward and its change once the backward pass has come back along it', () => {
    const t = traced();
    const frames = t.timeline.frames;
    const tanhBack = frames.findIndex((f) => f.kind === 'backward' && f.box === 'tanh1');
    const before = marksAt(t, tanhBack - 1, 0).wires.w5;
    const at = marksAt(t, tanhBack, 0).wires.w5;
    expect(before).toMatchObject({ pass: 'forward', lit: false });
    expect(at).toMatchObject({ pass: 'backward', lit: true });
    const r = wireReadings(t, 'w5', tanhBack, 1);
    const sm = t.learner.sourceMap;
    expect(Array.from(r.value?.values ?? [])).toEqual(Array.from(dataOf(t, sm.wires.w5.value).subarray(8, 16)));
    expect(Array.from(r.change?.values ?? [])).toEqual(Array.from(dataOf(t, sm.wires.w5.changes[0]).subarray(8, 16)));
    expect(wireReadings(t, 'w5', tanhBack - 1, 1).change).toBeNull();
    expect(wireReadings(t, 'w5', 0, 1).value).toBeNull();
  });

  it('at a copy, the two wires show the changes that are summed', () => {
    const c = learnerOf(residualXor());
    const t = traced(c, 9);
    const i = t.timeline.frames.findIndex((f) => f.sum);
    const sum = t.timeline.frames[i].sum as NonNullable<(typeof t.timeline.frames)[number]['sum']>;
    const m = marksAt(t, i, 0);
    expect(m.boxes).toEqual({ bias1: 'backward' });
    expect(m.wires.r1).toMatchObject({ pass: 'backward', lit: true });
    expect(m.wires.w5).toMatchObject({ pass: 'backward', lit: true });
    const r1 = wireReadings(t, 'r1', i, 0).change?.values as Float32Array;
    const w5 = wireReadings(t, 'w5', i, 0).change?.values as Float32Array;
    const data = (b: number) => dataOf(t, b).subarray(0, 8);
    // each wire shows its own reader's change; their sum is the change the copy sends on
    expect([Array.from(r1), Array.from(w5)].sort()).toEqual(
      [Array.from(data(sum.parts[0])), Array.from(data(sum.parts[1]))].sort(),
    );
    data(sum.buffer).forEach((v, k) => {
      expect(v).toBeCloseTo(r1[k] + w5[k], 5);
    });
  });

  it('scale a heatmap strip by the largest magnitude', () => {
    expect(cellsOf([1, -2, 0.5])).toEqual([0.5, -1, 0.25]);
    expect(cellsOf(new Float32Array(100).fill(3))).toHaveLength(24);
    expect(cellsOf([0, 0])).toEqual([0, 0]);
  });
});
