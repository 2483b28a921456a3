/**
 * Elementwise fusion changes how a Program runs, never what it computes: on 200 random diagrams
 * and their reverses the fused Program gives the unfused one's outputs bit for bit on the typed
 * engine (float64 and float32) and within float32 rounding on tfjs; steps come after what they
 * read; and the groups are the ones expected on hand-made programs.
 */
import * as tf from '@tensorflow/tfjs';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { DiagramBuilder } from '../core/builder';
import { cod } from '../core/compose';
import { fuseProgram } from '../core/fuse';
import { FUSED, type FusedConfig } from '../core/fusedStep';
import { mulberry32 } from '../core/init';
import type { FusedExpr } from '../core/kernel';
import { lower, type Program } from '../core/program';
import { rdiff } from '../core/rdiff';
import { param, real } from '../core/wire';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { BATCH, closeness, randomInputs, randomValue } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { glslFloat, shaders } from './fusedGlsl';
import { createTfjsEngine } from './tfjs';
import { createTypedEngine } from './typed';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const seed = fcSeed();

/** Every step reads only buffers that are inputs or written by an earlier step. */
function wellOrdered(p: Program): boolean {
  const ready = new Set(p.inputs);
  for (const s of p.steps) {
    if (!s.inputs.every((b) => ready.has(b))) return false;
    for (const b of s.outputs) ready.add(b);
  }
  return p.outputs.every((b) => ready.has(b));
}

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

describe('fuseProgram keeps meaning', () => {
  test('200 random diagrams and their reverses: same bits on the typed engine, float32 closeness on tfjs', () => {
    let before = 0;
    let after = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng), { kinks: true });
        const p = lower(rdiff(f));
        const q = fuseProgram(p);
        before += p.steps.length;
        after += q.steps.length;
        expect(wellOrdered(q)).toBe(true);
        expect(q.inputs).toEqual(p.inputs);
        expect(q.outputs).toEqual(p.outputs);
        const xs = [...randomInputs(rng, f), ...cod(f).map((t) => randomValue(rng, t))];
        for (const dtype of ['float64', 'float32'] as const) {
          const want = createTypedEngine(p, { dtype }).run(xs, { batchSize: BATCH });
          const got = createTypedEngine(q, { dtype }).run(xs, { batchSize: BATCH });
          got.forEach((g, i) => {
            expect(g.shape).toEqual(want[i].shape);
            expect(sameBits(g.data, want[i].data)).toBe(true);
          });
        }
        const tfWant = createTfjsEngine(p).runPlain(xs, { batchSize: BATCH });
        const tfGot = createTfjsEngine(q).runPlain(xs, { batchSize: BATCH });
        return closeness(tfGot, tfWant, 1e-5) <= 1;
      }),
      { seed, numRuns: 200 },
    );
    // Random reverses are full of pointwise runs: fusion must actually happen.
    expect(after).toBeLessThan(before);
  });
});

describe('the groups', () => {
  test('a pointwise chain becomes one step; a matmul reading its middle splits it', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([4]));
    const w = b.input(param([4, 4]));
    const a = b.op('tanh', [b.op('sigmoid', [x])]);
    const c = b.op('exp', [b.op('square', [a])]);
    const y = b.op('linear', [w, a], { in: 4, out: 4 });
    b.outputs([c, b.op('relu', [y])]);
    const p = lower(b.build());
    const q = fuseProgram(p);
    expect(p.steps.map((s) => s.gen)).toEqual(['sigmoid', 'tanh', 'square', 'exp', 'linear', 'relu']);
    // The group closes before linear, which reads its middle value a; relu alone stays itself.
    expect(q.steps.map((s) => s.gen)).toEqual([FUSED, 'linear', 'relu']);
    expect(wellOrdered(q)).toBe(true);
    const first = q.steps[0].config as unknown as FusedConfig;
    expect(first.expr.code.map((c) => (c.op === 'unary' ? c.fn : c.op))).toEqual(['sigmoid', 'tanh', 'square', 'exp']);
    // a (read by linear) and c (a Program output) leave the group; the rest stays in registers.
    expect(first.expr.outputs).toEqual([2, 4]);
    expect(q.steps[0].outputs).toEqual([p.steps[1].outputs[0], p.steps[3].outputs[0]]);
  });

  test('a bias added along the batch and the activation after it fuse; the bias is a repeated input', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([3]));
    const bias = b.input(param([3]));
    b.output(b.op('relu', [b.op('bias', [bias, x])]));
    const p = lower(b.build());
    const q = fuseProgram(p);
    expect(q.steps.length).toBe(1);
    expect(q.steps[0].gen).toBe(FUSED);
    const xs = [
      { shape: [2, 3], data: Float64Array.of(-1, 0.5, 2, 3, -4, 0.25) },
      { shape: [3], data: Float64Array.of(0.5, 1, -3) },
    ];
    const [y] = createTypedEngine(q, { dtype: 'float64' }).run(xs);
    const [want] = createTypedEngine(p, { dtype: 'float64' }).run(xs);
    expect(Array.from(y.data)).toEqual(Array.from(want.data));
  });

  test('a broadcast that repeats nothing stays a step: its copy rounds a float64 input as the unfused run does', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([]));
    const y = b.op('broadcast', [x], { shape: [1], axis: -1 });
    b.output(b.op('add', [y, b.op('negate', [y])]));
    const p = lower(b.build());
    const q = fuseProgram(p);
    expect(q.steps.map((s) => s.gen)).toEqual(['broadcast', FUSED]);
    // 0.1 is not a float32: read unrounded beside its rounded negation, x + (−x) would not be 0.
    const xs = [{ shape: [BATCH], data: Float64Array.from({ length: BATCH }, (_, i) => 0.1 * (i + 1)) }];
    const want = createTypedEngine(p, { dtype: 'float32' }).run(xs, { batchSize: BATCH });
    const got = createTypedEngine(q, { dtype: 'float32' }).run(xs, { batchSize: BATCH });
    expect(sameBits(got[0].data, want[0].data)).toBe(true);
    expect(Array.from(got[0].data).every((v) => v === 0)).toBe(true);
  });

  test('scalar steps stay single (the tfjs engine runs them on the host)', () => {
    const b = new DiagramBuilder();
    const t = b.input({ field: 'real', shape: [], batch: false });
    b.output(b.op('exp', [b.op('log', [t])]));
    const q = fuseProgram(lower(b.build()));
    expect(q.steps.map((s) => s.gen)).toEqual(['log', 'exp']);
  });

  test('fused tfjs runs leak no tensors', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([8]));
    b.output(b.op('sigmoid', [b.op('tanh', [b.op('square', [x])])]));
    const engine = createTfjsEngine(fuseProgram(lower(b.build())));
    const xt = tf.ones([4, 8]);
    engine.run([xt])[0].dispose();
    const n = tf.memory().numTensors;
    for (let i = 0; i < 200; i++) engine.run([xt])[0].dispose();
    expect(tf.memory().numTensors).toBe(n);
    xt.dispose();
  });
});

describe('webgl shader source', () => {
  test('float literals', () => {
    expect([1, 0.5, -2, 1e-7, 0].map(glslFloat)).toEqual(['1.0', '0.5', '-2.0', '1e-7', '0.0']);
  });

  test('one shader per output, reading only what that output needs', () => {
    // inputs p, m, dp, beta; m⁺ = dp + β(m − dp); p⁺ = p + m⁺
    const expr: FusedExpr = {
      nInputs: 4,
      code: [
        { op: 'binary', fn: 'sub', a: 1, b: 2 },
        { op: 'binary', fn: 'mul', a: 3, b: 4 },
        { op: 'binary', fn: 'add', a: 2, b: 5 },
        { op: 'binary', fn: 'add', a: 0, b: 6 },
      ],
      outputs: [7, 6],
    };
    const [p, m] = shaders(expr);
    expect(p.reads).toEqual([0, 1, 2, 3]);
    expect(m.reads).toEqual([1, 2, 3]);
    expect(m.userCode).toContain('setOutput(r6);');
    expect(m.userCode).not.toContain('r7');
    // β a host-known scalar: a uniform, not a texture
    const [pu, mu] = shaders(expr, [false, false, false, true]);
    expect(pu.reads).toEqual([0, 1, 2]);
    expect(mu.uniforms).toEqual([3]);
    expect(mu.userCode).toContain('vec4 r3 = vec4(lbU3);');
  });
});
