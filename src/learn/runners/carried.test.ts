/**
 * The values a typed runner carries from step to step (carried.ts): a step's outputs become the
 * values as they are, unless an output shares memory with an input of the step, which is then
 * copied into an array the runner owns — so the next step never reads a value from an arena
 * that is being written.
 */
import { describe, expect, it } from 'vitest';
import type { TypedTensor } from '../../engines/typed';
import { CarriedArrays } from './carried';

const make = (src: ArrayLike<number>) => Float32Array.from(src);
const out = (...xs: number[]): TypedTensor => ({ shape: [xs.length], data: Float32Array.from(xs) });
const none = () => false;

describe('carried values', () => {
  it('start as copies of the initial values, each with its buffer', () => {
    const initial = [Float32Array.of(1, 2), Float32Array.of(3)];
    const c = new CarriedArrays(initial, make);
    expect(c.values.map((v) => Array.from(v))).toEqual([[1, 2], [3]]);
    expect(c.values[0]).not.toBe(initial[0]);
    c.values.forEach((v, j) => {
      expect(c.buffers[j]).toBe(v.buffer);
    });
  });

  it("take a step's outputs as they are when no input shares their memory, the outputs past them left", () => {
    const c = new CarriedArrays([Float32Array.of(0), Float32Array.of(0)], make);
    const outs = [out(5), out(6), out(7)];
    c.adopt(outs, 0, none);
    expect(c.values[0]).toBe(outs[0].data);
    expect(c.values[1]).toBe(outs[1].data);
    expect(c.buffers[1]).toBe(outs[1].data.buffer);
    expect(c.values).toHaveLength(2);
  });

  it("copy an output that shares an input's memory into an array of their own", () => {
    const c = new CarriedArrays([Float32Array.of(0, 0)], make);
    const shared = out(4, 2);
    c.adopt([shared], 0, (buffer) => buffer === shared.data.buffer);
    expect(c.values[0]).not.toBe(shared.data);
    expect(Array.from(c.values[0])).toEqual([4, 2]);
    expect(c.buffers[0]).toBe(c.values[0].buffer);
    shared.data[0] = 99;
    expect(c.values[0][0], 'the input arena written again: the value stays').toBe(4);
  });

  it('take the other owned array each time, so the value read as the input is not the one written', () => {
    const c = new CarriedArrays([Float32Array.of(0)], make);
    const first = out(1);
    c.adopt([first], 0, () => true);
    const a = c.values[0];
    c.adopt([out(2)], 1, () => true);
    const b = c.values[0];
    expect(b).not.toBe(a);
    expect(Array.from(a), 'the first copy is left as it was').toEqual([1]);
    expect(Array.from(b)).toEqual([2]);
    c.adopt([out(3)], 0, () => true);
    expect(c.values[0], 'two arrays in turn').toBe(a);
    expect(Array.from(c.values[0])).toEqual([3]);
  });

  it('keep a value passed through untouched where it is, when it already sits in an owned array', () => {
    const c = new CarriedArrays([Float32Array.of(8)], make);
    const owned = c.values[0];
    c.adopt([{ shape: [1], data: owned }], 0, () => true);
    expect(c.values[0]).toBe(owned);
    expect(Array.from(owned)).toEqual([8]);
  });

  it('see an engine hand back the same array again, and a new one after it', () => {
    const c = new CarriedArrays([Float32Array.of(0)], make);
    const a = out(1);
    c.adopt([a], 0, none);
    c.adopt([out(2)], 1, none);
    c.adopt([a], 0, none);
    expect(c.values[0]).toBe(a.data);
    expect(c.buffers[0]).toBe(a.data.buffer);
    const fresh = out(3);
    c.adopt([fresh], 0, none);
    expect(c.buffers[0], 'a traced run: another array, its buffer read afresh').toBe(fresh.data.buffer);
  });

  it("set: a kept copy comes back into an owned array, never into the caller's", () => {
    const c = new CarriedArrays([Float32Array.of(0, 0)], make);
    const kept = [Float32Array.of(7, 9)];
    c.set(kept);
    expect(Array.from(c.values[0])).toEqual([7, 9]);
    expect(c.values[0]).not.toBe(kept[0]);
    expect(c.buffers[0]).toBe(c.values[0].buffer);
    const before = c.values[0];
    c.set([[1, 1]]);
    expect(c.values[0], 'the other owned array').not.toBe(before);
    expect(Array.from(before)).toEqual([7, 9]);
  });
});
