/** The judge (conformance/README.md): within tolerance passes; a value, a row or a weight off or missing fails, naming it. */
import { describe, expect, it } from 'vitest';
import type { ManifestCase, PredictAnswer, StepAnswer } from './format';
import { judge } from './judge';

const tolerance = { absolute: 1e-5, relative: 1e-4 };
const at = (kind: ManifestCase['kind']): ManifestCase => ({
  id: 'c',
  kind,
  from: { generator: 'add' },
  model: 'm',
  inputs: 'i',
  expected: 'e',
  tolerance,
});
const want: PredictAnswer = {
  y: {
    shape: [2, 2],
    rows: [
      [1, -2],
      [100, 0],
    ],
  },
};
const rows = (r: number[][]): PredictAnswer => ({ y: { shape: [r.length, r[0]?.length ?? 0], rows: r } });
const step: StepAnswer = {
  weights: [
    { name: 'W1.W', group: 'model', shape: [2], values: [0.5, -0.25] },
    { name: 'optimizer/t', group: 'optimizer', shape: [], values: [4] },
  ],
};

describe('the judge', () => {
  it('passes values within |got − want| ≤ absolute + relative·|want|, and says the largest difference', () => {
    const v = judge(
      at('predict'),
      want,
      rows([
        [1 + 5e-6, -2],
        [100 + 0.0095, 0],
      ]),
    );
    expect(v.pass).toBe(true);
    expect(v.largest).toBeCloseTo(0.0095, 8);
  });

  it('fails the first value past it, naming its row and index', () => {
    const v = judge(
      at('predict'),
      want,
      rows([
        [1, -2],
        [100, 2e-5],
      ]),
    );
    expect(v.pass).toBe(false);
    expect(v.reason).toMatch(/^y row 1\[1\] is 0.00002, not 0 \(difference 2.00e-5\)/);
  });

  it('fails a NaN, a missing row and a wrong shape', () => {
    expect(
      judge(
        at('predict'),
        want,
        rows([
          [1, Number.NaN],
          [100, 0],
        ]),
      ).largest,
    ).toBe(Number.POSITIVE_INFINITY);
    expect(judge(at('predict'), want, rows([[1, -2]])).reason).toMatch(/shape \[1,2\], not \[2,2\]/);
    expect(judge(at('predict'), want, {} as PredictAnswer).reason).toBe('the answer has no y rows');
  });

  it('holds a step to every weight and state by name and group', () => {
    expect(judge(at('train-step'), step, step).pass).toBe(true);
    const noT = { weights: step.weights.slice(0, 1) };
    expect(judge(at('train-step'), step, noT).reason).toBe("the answer has no optimizer weight 'optimizer/t'");
    const off = { weights: [step.weights[0], { ...step.weights[1], values: [5] }] };
    expect(judge(at('train-step'), step, off).reason).toMatch(/^'optimizer\/t'\[0\] is 5, not 4/);
  });
});
