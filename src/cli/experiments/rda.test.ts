/**
 * Table 1 of Reverse Derivative Ascent, exactly: 98.0% on two-class Iris and 73.3% on three
 * classes with the UCI file's rows (74.7% with Fisher's corrected rows 35 and 38). The learnt
 * table is also checked against the rule written out by hand: one pass of θ ← θ ⊕ basis(x)·(y ⊕ θ[x])
 * leaves each entry at the label of the last training row that reads it.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetNode } from '../../data/catalogNode';
import { splitPerClass } from '../../data/iris';
import { RDA_TRAIN_PER_CLASS, runRda } from './rda';

describe('Reverse Derivative Ascent on binarised Iris (Table 1)', () => {
  it.each([
    ['rda-iris2', 'uci', 49, 50],
    ['rda-iris2', 'corrected', 49, 50],
    ['rda-iris3', 'uci', 55, 75],
    ['rda-iris3', 'corrected', 56, 75],
  ] as const)('%s with %s rows: %i of %i test rows right', async (example, rows, correct, n) => {
    const r = await runRda(example, rows);
    expect([r.correct, r.n]).toEqual([correct, n]);
  });

  it('the learnt lookup table is the last label seen at each of the 16 inputs (zero where none)', async () => {
    const r = await runRda('rda-iris3', 'uci');
    const data = await loadDatasetNode('iris-z2', { classes: 3, labelEncoding: 'bits', rows: 'uci' });
    const { train } = splitPerClass(data, RDA_TRAIN_PER_CLASS);
    const table = [new Array(16).fill(0), new Array(16).fill(0)];
    for (let row = 0; row < train.n; row++) {
      const x = Array.from(train.features.subarray(row * 4, row * 4 + 4)).reduce((a, v) => a * 2 + v, 0);
      for (let j = 0; j < 2; j++) table[j][x] = train.labels[row * 2 + j];
    }
    expect(Array.from(r.params[0])).toEqual(table.flat());
    expect(table.flat().some((v) => v === 1)).toBe(true);
  });
});
