/**
 * Broadcasts along trailing feature axes are read in place by a fused step (fuse.ts,
 * `broadcastEach`): the input becomes a register each of whose values serves `each` output
 * values, and the broadcast's step goes unless something outside the group reads its copy.
 */
import { describe, expect, test } from 'vitest';
import { fusedOf, gens, lowered, opsOf, sameRun } from '../testing/fusion';
import { randomValue } from '../testing/numeric';
import { DiagramBuilder } from './builder';
import { FUSED } from './fusedStep';
import { mulberry32 } from './init';
import { real } from './wire';

describe('broadcasts read in place', () => {
  const biasLike = (axis: number, shape: number[], inShape: number[]) => {
    const b = new DiagramBuilder();
    const x = b.input(real(shape));
    const s = b.input(real(inShape));
    b.output(b.op('relu', [b.op('add', [x, b.op('broadcast', [s], { shape, axis })])]));
    return b.build();
  };

  test('along every feature axis: the scalar is an input each of whose values serves the whole example', () => {
    const { p, q } = lowered(biasLike(-1, [2, 3], []));
    expect(gens(p)).toEqual(['broadcast', 'add', 'relu']);
    expect(gens(q)).toEqual([FUSED]);
    const { expr } = fusedOf(q.steps[0]);
    // The broadcast comes first in the Program, so its input is the group's first.
    expect(q.steps[0].inputs).toEqual([p.inputs[1], p.inputs[0]]);
    expect(expr.each).toEqual([6, 1]);
    expect(opsOf(expr)).toEqual(['add', 'relu']);
    const rng = mulberry32(7);
    sameRun(p, q, [randomValue(rng, real([2, 3])), randomValue(rng, real([]))]);
  });

  test('along the last axis: each value repeated that axis’s length', () => {
    const { p, q } = lowered(biasLike(1, [2, 3], [2]));
    expect(gens(q)).toEqual([FUSED]);
    expect(fusedOf(q.steps[0]).expr.each).toEqual([3, 1]);
    const rng = mulberry32(8);
    sameRun(p, q, [randomValue(rng, real([2, 3])), randomValue(rng, real([2]))]);
  });

  test('along an inner axis, or onto an axis of one, the broadcast stays a step', () => {
    for (const [axis, shape, inShape] of [
      [0, [2, 3], [3]],
      [-1, [1], []],
      [0, [1, 3], [3]],
    ] as [number, number[], number[]][]) {
      const { p, q } = lowered(biasLike(axis, shape, inShape));
      expect(gens(q)).toEqual(['broadcast', FUSED]);
      expect(fusedOf(q.steps[1]).expr.each).toBeUndefined();
      const rng = mulberry32(9);
      sameRun(p, q, [randomValue(rng, real(shape)), randomValue(rng, real(inShape))]);
    }
  });

  test('a broadcast whose copy is read outside the group is run as well', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    const s = b.input(real([]));
    const r = b.op('broadcast', [s], { shape: [3], axis: -1 });
    b.outputs([b.op('relu', [b.op('add', [x, r])]), r]);
    const { p, q } = lowered(b.build());
    expect(gens(q)).toEqual(['broadcast', FUSED]);
    // The fused step still reads s repeated, not the broadcast's buffer.
    expect(q.steps[1].inputs).toEqual([p.inputs[1], p.inputs[0]]);
    expect(fusedOf(q.steps[1]).expr.each).toEqual([3, 1]);
    const rng = mulberry32(10);
    sameRun(p, q, [randomValue(rng, real([3])), randomValue(rng, real([]))]);
  });

  test('one buffer repeated the same way by two broadcasts is one input', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    const s = b.input(real([]));
    // Two configs (so lowering keeps two steps), one way of reading s: each value three times.
    const r1 = b.op('broadcast', [s], { shape: [3], axis: -1 });
    const r2 = b.op('broadcast', [s], { shape: [3], axis: 0 });
    b.output(b.op('multiply', [b.op('add', [x, r1]), r2]));
    const { p, q } = lowered(b.build());
    expect(gens(p)).toEqual(['broadcast', 'broadcast', 'add', 'multiply']);
    expect(gens(q)).toEqual([FUSED]);
    expect(q.steps[0].inputs).toEqual([p.inputs[1], p.inputs[0]]);
    const { expr } = fusedOf(q.steps[0]);
    expect(expr.each).toEqual([3, 1]);
    expect(expr.code).toEqual([
      { op: 'binary', fn: 'add', a: 1, b: 0 },
      { op: 'binary', fn: 'mul', a: 2, b: 0 },
    ]);
    const rng = mulberry32(11);
    sameRun(p, q, [randomValue(rng, real([3])), randomValue(rng, real([]))]);
  });

  test('a broadcast of what a group of another type makes closes that group, then is read in place', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const e = b.op('exp', [b.op('sigmoid', [x])]);
    const r = b.op('broadcast', [e], { shape: [2, 3], axis: 1 });
    b.output(b.op('square', [b.op('tanh', [r])]));
    const { p, q } = lowered(b.build());
    expect(gens(q)).toEqual([FUSED, FUSED]);
    expect(q.steps[1].inputs).toEqual(q.steps[0].outputs);
    expect(fusedOf(q.steps[1]).expr.each).toEqual([3]);
    sameRun(p, q, [randomValue(mulberry32(15), real([2]))]);
  });

  test('a broadcast of a value made inside the group stays a step', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const e = b.op('exp', [b.op('sigmoid', [x])]);
    const r = b.op('broadcast', [e], { shape: [2, 3], axis: 1 });
    b.output(b.op('tanh', [r]));
    const { p, q } = lowered(b.build());
    // The group of ℝ^2 is closed by the broadcast of another type; tanh alone is a group of one.
    expect(gens(q)).toEqual([FUSED, 'broadcast', 'tanh']);
    sameRun(p, q, [randomValue(mulberry32(12), real([2]))]);
  });
});
