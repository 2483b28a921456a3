/**
 * The switches over op kinds (typed loops, fused loops, GLSL) end in an exhaustive check: the
 * type checker refuses a missing case, and an op outside the union (a file, a cast) is named at
 * run time, where a switch without a default would leave the output as it was (or write
 * `undefined` into a shader). The mutant it catches: a `default: unreachable(…)` removed.
 */
import { expect, test } from 'vitest';
import { shaders } from './fusedGlsl';
import { fusedScratch, runFused } from './fusedLoops';
import { binaryAt, unaryAt, withScalarAt } from './typedLoops';

const a = Float64Array.of(1, 2);
const o = new Float64Array(2);

test('an unknown unary op is named, not skipped', () => {
  expect(() => unaryAt('cube' as never, a, 0, o, 0, 2)).toThrow(/unknown unary op: "cube"/);
});

test('an unknown binary op is named, on both loops', () => {
  expect(() => binaryAt('pow' as never, a, 0, a, 0, o, 0, 2)).toThrow(/unknown binary op: "pow"/);
  expect(() => withScalarAt('pow' as never, a, 0, 2, false, o, 0, 2)).toThrow(/unknown binary op: "pow"/);
});

test('the known ops still run', () => {
  unaryAt('square', a, 0, o, 0, 2);
  expect([...o]).toEqual([1, 4]);
  binaryAt('sub', a, 0, Float64Array.of(1, 1), 0, o, 0, 2);
  expect([...o]).toEqual([0, 1]);
  const out = new Float64Array(2);
  const expr = { nInputs: 1, code: [{ op: 'scale' as const, a: 0, c: 3 }], outputs: [1] };
  runFused([a], [out], 2, fusedScratch(expr, out));
  expect([...out]).toEqual([3, 6]);
});

test('an unknown fused instruction is named by the GLSL and the loops alike', () => {
  const expr = { nInputs: 1, code: [{ op: 'clip', a: 0, c: 1 } as never], outputs: [1] };
  expect(() => shaders(expr)).toThrow(/unknown fused instruction: .*clip/);
  const out = new Float64Array(2);
  expect(() => runFused([a], [out], 2, fusedScratch(expr, out))).toThrow(/unknown fused instruction: "clip"/);
});
