/**
 * Elementwise fusion's groups (fuse.ts): which steps merge, where a group closes, what a fused
 * step reads and writes, and the expression it carries. The typed engine is the oracle of
 * meaning: a fused Program gives the unfused one's outputs bit for bit. Broadcasts read in place
 * are fuseBroadcast.test.ts; the engines' own tests (src/engines/fuse.test.ts) check the kernels
 * that run a fused step.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { fusedOf, gens, lowered, opsOf, sameRun } from '../testing/fusion';
import { randomInputs, randomValue } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { DiagramBuilder } from './builder';
import { cod } from './compose';
import { fuseProgram } from './fuse';
import { FUSED } from './fusedStep';
import { mulberry32 } from './init';
import { lower } from './program';
import { rdiff } from './rdiff';
import { param, real, z2 } from './wire';

const seed = fcSeed();

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

  test('a value nothing reads is not computed (a Program handed in may hold dead steps)', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const s = b.op('sigmoid', [x]);
    const y = b.op('tanh', [s]);
    const dead = b.op('exp', [b.op('square', [s])]);
    b.outputs([y, dead]);
    const full = lower(b.build());
    // The same Program asked only for y: square and exp still run unfused, for nothing.
    const p = { ...full, outputs: [full.outputs[0]] };
    const q = fuseProgram(p);
    expect(gens(p)).toEqual(['sigmoid', 'tanh', 'square', 'exp']);
    expect(fusedOf(q.steps[0]).expr).toEqual({
      nInputs: 1,
      code: [
        { op: 'unary', fn: 'sigmoid', a: 0 },
        { op: 'unary', fn: 'tanh', a: 1 },
      ],
      outputs: [2],
    });
    expect(q.steps[0].outputs).toEqual(p.outputs);
    sameRun(p, q, [randomValue(mulberry32(16), real([2]))]);
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

  test('a step of several instructions mid-chain: its registers are renumbered into the group’s', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    b.output(b.op('tanh', [b.op('gelu', [b.op('sigmoid', [x])])]));
    const { p, q } = lowered(b.build());
    expect(gens(q)).toEqual([FUSED]);
    // gelu is ½s + ½s·erf(s/√2): scale, scale, erf, mul, add, reading sigmoid's register 1.
    const { expr } = fusedOf(q.steps[0]);
    expect(opsOf(expr)).toEqual(['sigmoid', 'scale', 'scale', 'erf', 'mul', 'add', 'tanh']);
    expect(expr.code[1]).toEqual({ op: 'scale', a: 1, c: 0.5 });
    expect(expr.code[6]).toEqual({ op: 'unary', fn: 'tanh', a: 6 });
    sameRun(p, q, [randomValue(mulberry32(13), real([3]))]);
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

  test('shapes whose axes spell the same digits are different types', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([1, 12]));
    const y = b.input(real([11, 2]));
    const x1 = b.op('sigmoid', [x]);
    const y1 = b.op('tanh', [y]);
    b.outputs([b.op('exp', [x1]), b.op('exp', [y1])]);
    const { p, q } = lowered(b.build());
    expect(q.steps.map((s) => fusedOf(s).type)).toEqual([real([1, 12]), real([11, 2])]);
    const rng = mulberry32(14);
    sameRun(p, q, [randomValue(rng, real([1, 12])), randomValue(rng, real([11, 2]))]);
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

  test('a group of one step and the broadcasts it took in are written back in Program order', () => {
    const b = new DiagramBuilder();
    let x = b.input(real([3]));
    const s = b.input(real([]));
    // Nine steps that do not fuse, so that the group's steps are numbered 9 and 10.
    for (let i = 0; i < 9; i++)
      x = b.op('sumFeatures', [b.op('broadcast', [x], { shape: [3, 2], axis: 1 })], { axis: 1 });
    const t = b.op('tanh', [x]);
    b.outputs([t, b.op('broadcast', [s], { shape: [3], axis: -1 })]);
    const p = lower(b.build());
    expect(gens(p).slice(-2)).toEqual(['tanh', 'broadcast']);
    expect(fuseProgram(p).steps).toEqual(p.steps);
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
