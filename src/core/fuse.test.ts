/**
 * Elementwise fusion's groups (fuse.ts): which steps merge, where a group closes, what a fused
 * step reads and writes, and the expression it carries. The typed engine is the oracle of
 * meaning: a fused Program gives the unfused one's outputs bit for bit. The engines' own tests
 * (src/engines/fuse.test.ts) check the kernels that run a fused step.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createTypedEngine } from '../engines/typed';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { BATCH, randomInputs, randomValue } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { DiagramBuilder } from './builder';
import { cod } from './compose';
import type { Diagram } from './diagram';
import { fuseProgram } from './fuse';
import { FUSED, type FusedConfig } from './fusedStep';
import { mulberry32 } from './init';
import type { FusedExpr } from './kernel';
import { lower, type Program, type Step } from './program';
import { rdiff } from './rdiff';
import { param, real, z2 } from './wire';

const seed = fcSeed();

const gens = (p: Program) => p.steps.map((s) => s.gen);
const fusedOf = (s: Step) => s.config as unknown as FusedConfig;
const opsOf = (e: FusedExpr) => e.code.map((c) => (c.op === 'unary' || c.op === 'binary' ? c.fn : c.op));

/** Every step reads only buffers that are inputs or written by an earlier step. */
function wellOrdered(p: Program): boolean {
  const ready = new Set(p.inputs);
  for (const s of p.steps) {
    if (!s.inputs.every((b) => ready.has(b))) return false;
    for (const b of s.outputs) ready.add(b);
  }
  return p.outputs.every((b) => ready.has(b));
}

/** The fused Program's outputs equal the unfused one's bit for bit (float64, so no rounding hides a wrong op). */
function sameRun(p: Program, q: Program, xs: readonly { shape: number[]; data: Float64Array }[]): void {
  const want = createTypedEngine(p, { dtype: 'float64' }).run(xs, { batchSize: BATCH });
  const got = createTypedEngine(q, { dtype: 'float64' }).run(xs, { batchSize: BATCH });
  expect(got.map((g) => g.shape)).toEqual(want.map((w) => w.shape));
  got.forEach((g, i) => {
    expect(Array.from(g.data)).toEqual(Array.from(want[i].data));
  });
}

function lowered(d: Diagram): { p: Program; q: Program } {
  const p = lower(d);
  const q = fuseProgram(p);
  expect(wellOrdered(q)).toBe(true);
  expect(q.inputs).toEqual(p.inputs);
  expect(q.outputs).toEqual(p.outputs);
  expect(q.nBuffers).toBe(p.nBuffers);
  return { p, q };
}

describe('a group of one type', () => {
  test('a chain becomes one step writing only what is read outside it', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([4]));
    const w = b.input(param([4, 4]));
    const a = b.op('tanh', [b.op('sigmoid', [x], {}, { source: 's' })], {}, { source: 't' });
    const c = b.op('exp', [b.op('square', [a], {}, { source: 'q' })], {}, { source: 'e' });
    b.outputs([c, b.op('linear', [w, a], { in: 4, out: 4 })]);
    const { p, q } = lowered(b.build());
    expect(gens(q)).toEqual([FUSED, 'linear']);
    const [f] = q.steps;
    const { expr, type, sources } = fusedOf(f);
    expect(opsOf(expr)).toEqual(['sigmoid', 'tanh', 'square', 'exp']);
    // Register 0 is x; a (register 2) is read by linear, c (register 4) is an output.
    expect(expr).toEqual({
      nInputs: 1,
      code: [
        { op: 'unary', fn: 'sigmoid', a: 0 },
        { op: 'unary', fn: 'tanh', a: 1 },
        { op: 'unary', fn: 'square', a: 2 },
        { op: 'unary', fn: 'exp', a: 3 },
      ],
      outputs: [2, 4],
    });
    expect(f.inputs).toEqual([p.inputs[0]]);
    expect(f.types).toEqual([real([4])]);
    expect(f.outputs).toEqual([p.steps[1].outputs[0], p.steps[3].outputs[0]]);
    expect(type).toEqual(real([4]));
    expect(sources).toEqual(['s', 't', 'q', 'e']);
    expect(f.source).toBe('s');
    sameRun(p, q, [randomValue(mulberry32(1), real([4])), randomValue(mulberry32(2), param([4, 4]))]);
  });

  test('the step takes its source from its first member and its pass from its last', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const y = b.op('sigmoid', [x], {}, { source: 'first', pass: 'forward' });
    const z = b.op('negate', [y], {}, { pass: 'backward' });
    b.output(b.op('tanh', [z], {}, { source: 'last', pass: 'backward' }));
    const { q } = lowered(b.build());
    expect(q.steps).toHaveLength(1);
    expect(q.steps[0].source).toBe('first');
    expect(q.steps[0].pass).toBe('backward');
    // A member without a source adds none to the list.
    expect(fusedOf(q.steps[0]).sources).toEqual(['first', 'last']);
  });

  test('a binary step reads both operands; one buffer read twice is one input', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    const y = b.input(real([3]));
    const s = b.op('sigmoid', [x]);
    b.output(b.op('multiply', [b.op('add', [s, y]), b.op('subtract', [y, s])]));
    const { p, q } = lowered(b.build());
    expect(gens(q)).toEqual([FUSED]);
    const { expr } = fusedOf(q.steps[0]);
    expect(q.steps[0].inputs).toEqual(p.inputs);
    expect(expr).toEqual({
      nInputs: 2,
      code: [
        { op: 'unary', fn: 'sigmoid', a: 0 },
        { op: 'binary', fn: 'add', a: 2, b: 1 },
        { op: 'binary', fn: 'sub', a: 1, b: 2 },
        { op: 'binary', fn: 'mul', a: 3, b: 4 },
      ],
      outputs: [5],
    });
    const rng = mulberry32(3);
    sameRun(p, q, [randomValue(rng, real([3])), randomValue(rng, real([3]))]);
  });

  test('scale, leaky relu and its step keep their constants', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const y = b.op('leakyRelu', [b.op('scale', [x], { c: 3 })], { alpha: 0.25 });
    b.output(b.op('leakyStep', [y], { alpha: 0.5 }));
    const { p, q } = lowered(b.build());
    expect(fusedOf(q.steps[0]).expr.code).toEqual([
      { op: 'scale', a: 0, c: 3 },
      { op: 'leakyRelu', a: 1, c: 0.25 },
      { op: 'leakyStep', a: 2, c: 0.5 },
    ]);
    sameRun(p, q, [randomValue(mulberry32(4), real([2]))]);
  });
});

describe('where groups part', () => {
  test('steps of different shapes, fields or batching make separate groups, interleaved as they come', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    const y = b.input(real([4]));
    const p = b.input(param([3]));
    const z = b.input(z2([3]));
    const x1 = b.op('sigmoid', [x]);
    const y1 = b.op('tanh', [y]);
    const p1 = b.op('exp', [p]);
    const z1 = b.op('not', [z]);
    b.outputs([b.op('relu', [x1]), b.op('square', [y1]), b.op('log', [p1]), b.op('not', [z1])]);
    const { p: unfused, q } = lowered(b.build());
    expect(gens(unfused)).toHaveLength(8);
    expect(gens(q)).toEqual([FUSED, FUSED, FUSED, FUSED]);
    // Groups still open at the end close in the order they were opened.
    expect(q.steps.map((s) => opsOf(fusedOf(s).expr))).toEqual([
      ['sigmoid', 'relu'],
      ['tanh', 'square'],
      ['exp', 'log'],
      ['not', 'not'],
    ]);
    expect(q.steps.map((s) => fusedOf(s).type)).toEqual([real([3]), real([4]), param([3]), z2([3])]);
  });

  test('a step that is not pointwise stays as it is and closes the group it reads', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    const t = b.op('tanh', [b.op('sigmoid', [x])]);
    const s = b.op('sumFeatures', [t], { axis: -1 });
    b.output(b.op('exp', [b.op('negate', [t])]));
    b.output(s);
    const { p, q } = lowered(b.build());
    // sumFeatures reads t: the group (sigmoid, tanh) is written out before it; negate and exp
    // start a new group after it.
    expect(gens(q)).toEqual([FUSED, 'sumFeatures', FUSED]);
    expect(opsOf(fusedOf(q.steps[0]).expr)).toEqual(['sigmoid', 'tanh']);
    expect(opsOf(fusedOf(q.steps[2]).expr)).toEqual(['neg', 'exp']);
    expect(q.steps[2].inputs).toEqual([p.steps[1].outputs[0]]);
    sameRun(p, q, [randomValue(mulberry32(5), real([3]))]);
  });

  test('a pointwise step of another type reading a group closes it first', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    const w = b.input(param([3]));
    const pw = b.op('log', [b.op('exp', [w])]);
    // add of batched x and an unbatched ℝ^3 is batched: it reads the parameter group's value.
    b.output(b.op('relu', [b.op('add', [x, pw])]));
    const { p, q } = lowered(b.build());
    expect(gens(q)).toEqual([FUSED, FUSED]);
    expect(fusedOf(q.steps[0]).type).toEqual(param([3]));
    expect(opsOf(fusedOf(q.steps[1]).expr)).toEqual(['add', 'relu']);
    expect(q.steps[1].inputs).toEqual([p.inputs[0], q.steps[0].outputs[0]]);
    const rng = mulberry32(6);
    sameRun(p, q, [randomValue(rng, real([3])), randomValue(rng, param([3]))]);
  });

  test('a group of one step is that step, unchanged', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    const w = b.input(param([3, 2]));
    b.output(b.op('sigmoid', [b.op('linear', [w, b.op('tanh', [x])], { in: 3, out: 2 })]));
    const { p, q } = lowered(b.build());
    expect(q.steps).toEqual(p.steps);
  });

  test('scalar steps and steps of several outputs of different types stay single', () => {
    const b = new DiagramBuilder();
    const t = b.input(param([]));
    const x = b.input(real([2]));
    const [c1, c2] = b.box('copy', [b.op('exp', [x])], { n: 2 });
    b.outputs([b.op('exp', [b.op('log', [t])]), c1, c2]);
    const { p, q } = lowered(b.build());
    // copy passes its input through: not a pointwise computation; the scalars run on the host.
    expect(gens(q)).toEqual(gens(p));
  });
});

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

  test('a broadcast of a value made inside the group stays a step', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const e = b.op('exp', [b.op('sigmoid', [x])]);
    const r = b.op('broadcast', [e], { shape: [2, 3], axis: 1 });
    b.output(b.op('tanh', [r]));
    const { p, q } = lowered(b.build());
    // The group of ℝ^2 is closed by the broadcast of another type; its output starts a group of one.
    expect(gens(q)).toEqual([FUSED, 'broadcast', 'tanh']);
    sameRun(p, q, [randomValue(mulberry32(12), real([2]))]);
  });
});

describe('fusion keeps meaning', () => {
  test('random diagrams and their reverses: well ordered, the same bits on the typed engine, fewer steps', () => {
    let before = 0;
    let after = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng), { kinks: true });
        const { p, q } = lowered(rdiff(f));
        before += p.steps.length;
        after += q.steps.length;
        sameRun(p, q, [...randomInputs(rng, f), ...cod(f).map((t) => randomValue(rng, t))]);
      }),
      { seed, numRuns: 60 },
    );
    expect(after).toBeLessThan(before);
  });
});
