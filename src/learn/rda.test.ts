/**
 * Reverse Derivative Ascent on the drawn lookup table of `rda-iris3` (docs/architecture.md,
 * "Boolean circuits"), against the rule written out by hand: one pass in file order of
 * θ ← θ ⊕ basis(x)·(y ⊕ θ[x]) leaves each entry at the label of the last training row that reads
 * it, and a test row counts as right only when every output bit of its entry is its label's.
 */
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile/compile';
import { loadDatasetNode } from '../data/catalogNode';
import { splitPerClass } from '../data/iris';
import { loadExample } from '../io/examples/index';
import { denseModel } from '../testing/models';
import { xorTable } from '../testing/xorTable';
import { reverseDerivativeAscent } from './rda';

async function iris3() {
  const document = loadExample('rda-iris3');
  const data = await loadDatasetNode('iris-z2', { classes: 3, labelEncoding: 'bits', rows: 'uci' });
  const compiled = compileDocument(document, {
    datasetShapes: { featureShape: data.featureShape, labelShape: data.labelShape, field: 'z2' },
    requireLoss: true,
  });
  if (!compiled.model) throw new Error(compiled.errors.map((e) => e.message).join('\n'));
  return { model: compiled.model, ...splitPerClass(data, 25) };
}

/** The 4 feature bits of row `r` as an index 0…15. */
const index = (features: Float32Array, r: number) =>
  Array.from(features.subarray(r * 4, r * 4 + 4)).reduce((a, v) => a * 2 + v, 0);

describe('Reverse Derivative Ascent', () => {
  it('learns the last label seen at each input, and counts a test row right only when all its bits are', async () => {
    const { model, train, test } = await iris3();
    const table = [new Array(16).fill(0), new Array(16).fill(0)];
    for (let r = 0; r < train.n; r++)
      for (let j = 0; j < 2; j++) table[j][index(train.features, r)] = train.labels[r * 2 + j];
    let correct = 0;
    let halfRight = 0;
    for (let r = 0; r < test.n; r++) {
      const x = index(test.features, r);
      const right = [0, 1].filter((j) => table[j][x] === test.labels[r * 2 + j]).length;
      if (right === 2) correct++;
      if (right === 1) halfRight++;
    }
    const result = reverseDerivativeAscent(model, train, test);
    expect(Array.from(result.params[0])).toEqual(table.flat());
    expect(halfRight, 'some rows have one bit right: they must count as wrong').toBeGreaterThan(0);
    expect(result.correct).toBe(correct);
    expect(result.n).toBe(test.n);
    expect(result.accuracy).toBe(correct / test.n);
    expect(correct).toBeLessThan(test.n);
  });

  it('refuses a real model, whose learning rate is not the identity', () => {
    const data = xorTable();
    expect(() => reverseDerivativeAscent(denseModel(2, [{ units: 1 }]), data, data)).toThrow(
      'Reverse Derivative Ascent needs a ℤ₂ model with the ℤ₂ (xor) loss',
    );
  });
});
