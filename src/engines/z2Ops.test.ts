/**
 * The ℤ₂ gates on the typed engine by their truth tables, through every path of its binary
 * loop (same shapes, a scalar on either side, a repeated row on either side), and tfjs (cpu)
 * on the same inputs. xor is addition mod 2 and `and` multiplication (docs/architecture.md).
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BinaryOp } from '../core/kernel';
import { Arena, type Dtype } from './arena';
import { TfjsKernel } from './tfjsKernel';
import { TypedKernel } from './typedKernel';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const truth: Record<'xor' | 'and', (a: number, b: number) => number> = {
  xor: (a, b) => (a === b ? 0 : 1),
  and: (a, b) => (a === 1 && b === 1 ? 1 : 0),
};

type Operand = { shape: number[]; data: number[] };
const bits = (shape: number[], data: number[]): Operand => ({ shape, data });

/** Operand pairs, broadcast right-aligned: out[i] = a[i mod |a|] op b[i mod |b|]. */
const layouts: [string, Operand, Operand][] = [
  ['same shapes', bits([4, 1], [0, 0, 1, 1]), bits([4, 1], [0, 1, 0, 1])],
  ['a scalar on the right', bits([4, 1], [0, 1, 0, 1]), bits([], [1])],
  ['a scalar on the left', bits([], [1]), bits([4, 1], [0, 1, 1, 0])],
  ['a row repeated on the right', bits([3, 2], [0, 0, 1, 1, 1, 0]), bits([2], [1, 0])],
  ['a row repeated on the left', bits([2], [0, 1]), bits([3, 2], [1, 1, 0, 1, 0, 0])],
];

function expected(op: 'xor' | 'and', a: Operand, b: Operand): number[] {
  const n = Math.max(a.data.length, b.data.length);
  return Array.from({ length: n }, (_, i) => truth[op](a.data[i % a.data.length], b.data[i % b.data.length]));
}

describe.each(['xor', 'and'] as const)('ℤ₂ %s', (op) => {
  describe.each(['float32', 'float64'] as Dtype[])('on the typed engine (%s)', (dtype) => {
    it.each(layouts)('%s', (_, a, b) => {
      const k = new TypedKernel(new Arena(dtype));
      const out = k.binary(op as BinaryOp, k.fromArray(a.shape, a.data), k.fromArray(b.shape, b.data));
      expect(Array.from(out.data)).toEqual(expected(op, a, b));
    });
  });

  it.each(layouts)('tfjs (cpu) agrees: %s', (_, a, b) => {
    const k = new TfjsKernel();
    const out = tf.tidy(() => k.binary(op, k.fromArray(a.shape, a.data), k.fromArray(b.shape, b.data)).dataSync());
    expect(Array.from(out)).toEqual(expected(op, a, b));
  });
});
