/**
 * Which steps fusion may take (fuseTrace.ts): a step is traced on a symbolic kernel, and is
 * pointwise when it makes only unary, binary, scale and leaky calls whose operands repeat into
 * its one output type. And how an engine runs a step (fusedStep.ts): its generator, or for a
 * fused step one `fused` call with the output's full shape.
 */
import { describe, expect, test } from 'vitest';
import { normaliseConfig } from './config';
import type { Config } from './diagram';
import { UnknownGeneratorError } from './errors';
import { FUSED, type FusedConfig, stepForward } from './fusedStep';
import { tracePointwise } from './fuseTrace';
import { getGenerator } from './generators/index';
import type { FusedExpr, Kernel } from './kernel';
import type { Step } from './program';
import { param, real, type WireType, z2 } from './wire';

const step = (gen: string, types: WireType[], config: Config = {}): Step => ({
  gen,
  config: normaliseConfig(getGenerator(gen), config),
  inputs: types.map((_, i) => i),
  outputs: [types.length],
  types,
  pass: 'forward',
});

function traced(gen: string, types: WireType[], config: Config = {}) {
  const s = step(gen, types, config);
  return tracePointwise(s, getGenerator(gen).type(s.config, types));
}

describe('tracePointwise', () => {
  test('a unary step is one instruction on register 0, its output the next register', () => {
    expect(traced('sigmoid', [real([3])])).toEqual({
      code: [{ op: 'unary', fn: 'sigmoid', a: 0 }],
      outputs: [1],
      type: real([3]),
    });
  });

  test('constants are kept: scale, leaky relu and its step', () => {
    expect(traced('scale', [real([3])], { c: -2 })?.code).toEqual([{ op: 'scale', a: 0, c: -2 }]);
    expect(traced('leakyRelu', [real([3])], { alpha: 0.1 })?.code).toEqual([{ op: 'leakyRelu', a: 0, c: 0.1 }]);
    expect(traced('leakyStep', [real([3])], { alpha: 0.3 })?.code).toEqual([{ op: 'leakyStep', a: 0, c: 0.3 }]);
  });

  test('a binary step takes the larger operand’s type, whichever side it is on', () => {
    for (const types of [
      [real([3]), param([3])],
      [param([3]), real([3])],
      [param([]), real([2, 3])],
      [real([2, 3]), param([])],
    ]) {
      const t = traced('multiply', types);
      expect(t?.code).toEqual([{ op: 'binary', fn: 'mul', a: 0, b: 1 }]);
      expect(t?.type).toEqual(types[0].batch ? types[0] : types[1]);
    }
    expect(traced('xor', [z2([2]), z2([2])])?.code).toEqual([{ op: 'binary', fn: 'xor', a: 0, b: 1 }]);
  });

  test('steps that are not pointwise are not traced', () => {
    // A kernel call other than the pointwise ones.
    expect(traced('linear', [param([3, 2]), real([3])], { in: 3, out: 2 })).toBeUndefined();
    expect(traced('sumFeatures', [real([3])])).toBeUndefined();
    expect(traced('softmax', [real([3])])).toBeUndefined();
    // Outputs that are inputs passed through.
    expect(traced('copy', [real([3])], { n: 2 })).toBeUndefined();
    // No output at all.
    expect(traced('discard', [real([3])])).toBeUndefined();
    // A scalar output: such steps run on the tfjs engine's host.
    expect(traced('exp', [param([])])).toBeUndefined();
    expect(traced('exp', [real([])])).toEqual({
      code: [{ op: 'unary', fn: 'exp', a: 0 }],
      outputs: [1],
      type: real([]),
    });
  });

  test('outputs of different types, or of another type than traced, are not traced', () => {
    const s = step('sigmoid', [real([3])]);
    expect(tracePointwise(s, [real([3]), real([4])])).toBeUndefined();
    expect(tracePointwise(s, [real([4])])).toBeUndefined();
    expect(tracePointwise({ ...s, outputs: [1, 2] }, [real([3]), real([3])])).toBeUndefined();
    expect(tracePointwise(s, [])).toBeUndefined();
  });

  test('a fused step is not traced again', () => {
    const f = step('sigmoid', [real([3])]);
    expect(tracePointwise({ ...f, gen: FUSED }, [real([3])])).toBeUndefined();
  });

  // Steps handed in by hand, with input types no type rule would give: a fused kernel reads every
  // input at the output's shape, so each must repeat into it.
  test('operands that do not repeat into one another are not pointwise', () => {
    const s = step('add', [real([3]), param([3])]);
    expect(tracePointwise(s, [real([3])])).toBeDefined();
    // ℝ^2 is not a trailing part of ℝ^{2×3}: the kernels could not broadcast it.
    const bad = { ...s, types: [real([2, 3]), param([2])] };
    expect(tracePointwise(bad, [real([2, 3])])).toBeUndefined();
    // A batched operand repeats only into its own shape: [B, 3] does not broadcast to [B, 2, 3].
    const batched = { ...s, types: [real([2, 3]), real([3])] };
    expect(tracePointwise(batched, [real([2, 3])])).toBeUndefined();
    expect(tracePointwise({ ...s, types: [real([2, 3]), param([3])] }, [real([2, 3])])).toBeDefined();
  });

  test('an input the forward does not read must still repeat into the output', () => {
    const s = step('sigmoid', [real([3])]);
    expect(tracePointwise({ ...s, inputs: [0, 1], types: [real([3]), param([3])] }, [real([3])])).toBeDefined();
    expect(tracePointwise({ ...s, inputs: [0, 1], types: [real([3]), real([5])] }, [real([3])])).toBeUndefined();
  });

  test('an error that is not a refusal to trace is not swallowed', () => {
    const s = step('sigmoid', [real([3])]);
    expect(() => tracePointwise({ ...s, gen: 'nope' }, [real([3])])).toThrow(UnknownGeneratorError);
  });
});

/** A kernel that records the one call a fused step makes. */
function recordingKernel(batchSize: number) {
  const calls: { expr: FusedExpr; inputs: readonly string[]; shape: readonly number[] }[] = [];
  const k = {
    batchSize,
    fused(expr: FusedExpr, inputs: readonly string[], shape: readonly number[]) {
      calls.push({ expr, inputs, shape });
      return ['y'];
    },
  } as unknown as Kernel<string>;
  return { k, calls };
}

describe('stepForward', () => {
  test('a step of a generator runs that generator', () => {
    expect(stepForward(step('sigmoid', [real([3])]))).toBe(getGenerator('sigmoid'));
  });

  test('a fused step makes one fused call over the full shape of its output type, batch size by batch size', () => {
    const expr: FusedExpr = { nInputs: 1, code: [{ op: 'unary', fn: 'tanh', a: 0 }], outputs: [1] };
    const config: FusedConfig = { expr, type: real([2, 3]), sources: [] };
    const s: Step = { ...step('sigmoid', [real([2, 3])]), gen: FUSED, config: config as unknown as Config };
    const run = stepForward(s);
    const four = recordingKernel(4);
    expect(run.forward(four.k, s.config, ['x'], s.types)).toEqual(['y']);
    expect(four.calls).toEqual([{ expr, inputs: ['x'], shape: [4, 2, 3] }]);
    const seven = recordingKernel(7);
    run.forward(seven.k, s.config, ['x'], s.types);
    run.forward(seven.k, s.config, ['x'], s.types);
    expect(seven.calls.map((c) => c.shape)).toEqual([
      [7, 2, 3],
      [7, 2, 3],
    ]);
    run.forward(four.k, s.config, ['x'], s.types);
    expect(four.calls[1].shape).toEqual([4, 2, 3]);
    // A first run of one example is no exception.
    const one = recordingKernel(1);
    stepForward(s).forward(one.k, s.config, ['x'], s.types);
    expect(one.calls[0].shape).toEqual([1, 2, 3]);
    // An unbatched output has no batch axis.
    const p = stepForward({ ...s, config: { ...config, type: param([5]) } as unknown as Config });
    const three = recordingKernel(3);
    p.forward(three.k, s.config, ['x'], s.types);
    expect(three.calls[0].shape).toEqual([5]);
  });
});
