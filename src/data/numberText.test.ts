/** The one number grammar of every CSV reader (docs/untrusted-input.md, "Numbers"). */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DECIMAL, looksLikeNumber, readNumberText } from './numberText';

describe('the number grammar', () => {
  it('reads plain decimals, signed, with a point or an exponent, spaces around', () => {
    const read = (cell: string) => readNumberText(cell);
    for (const [cell, value] of [
      ['1', 1],
      [' -2.5 ', -2.5],
      ['+.5', 0.5],
      ['3.', 3],
      ['1e3', 1000],
      ['-1.5E-3', -0.0015],
      ['\t7\t', 7],
      ['3.4e38', 3.4e38],
    ] as const)
      expect(read(cell), cell).toEqual({ ok: true, value });
  });

  it('refuses what only JavaScript, or a locale, reads as a number, saying why', () => {
    const reason = (cell: string) => {
      const r = readNumberText(cell);
      return r.ok ? `read as ${r.value}` : r.reason;
    };
    expect(reason('0x10')).toBe('"0x10" is not a number');
    for (const cell of ['0b1', '0o7', '1_000', '1,5', '١', '1e', '.', '-', '1.5.5', '2o'])
      expect(reason(cell), cell).toMatch(/is not a number$/);
    expect(reason('')).toBe('empty cell, expected a number');
    expect(reason('NaN')).toBe('"NaN" (NaN) is not a number');
    expect(reason('-Infinity')).toBe('"-Infinity" is infinite, expected a finite number');
    expect(reason('1e999')).toBe('"1e999" overflows to Infinity');
    expect(reason('1e39')).toBe('"1e39" is beyond the float32 range (±3.4e38)');
  });

  it('tells a mistyped number from a column name', () => {
    for (const cell of ['2o', '-1x', '.5a', 'nan', 'inf', '0x10']) expect(looksLikeNumber(cell), cell).toBe(true);
    for (const cell of ['x1', 'petal length', 'e5', '-', '_2', '']) expect(looksLikeNumber(cell), cell).toBe(false);
  });

  it('reads a cell of a million digits and a typo in one pass', async () => {
    // A grammar that can split a run of digits several ways backtracks quadratically: such a
    // cell then took hours. Run in a worker so that a regression fails here at the bound
    // instead of hanging the suite; the bound is far above the milliseconds it takes.
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const grammar = new RegExp(workerData);
      parentPort.postMessage(grammar.test('7'.repeat(1_000_000) + 'x'));`;
    const worker = new Worker(source, { eval: true, workerData: DECIMAL.source });
    const answer = await new Promise<boolean | 'no answer'>((done, fail) => {
      const bound = setTimeout(() => done('no answer'), 20_000);
      worker.once('message', (m: boolean) => {
        clearTimeout(bound);
        done(m);
      });
      worker.once('error', fail);
    });
    await worker.terminate();
    expect(answer).toBe(false);
  }, 30_000);
});
