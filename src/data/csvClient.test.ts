import { describe, expect, it } from 'vitest';
import { importCsv, peekCsvFile, unwrapCsvResponse } from './csvClient';
import { CsvError } from './csvError';
import { answerCsvRequest, transferables } from './csvProtocol';

const TEXT = 'x,y,label\n1,2,a\n3,4,b\n';

describe('CSV worker protocol and client', () => {
  it('answers a request with the dataset and the buffers to transfer', () => {
    const response = answerCsvRequest({ text: TEXT, options: { standardise: true } });
    expect(response.ok).toBe(true);
    expect(transferables(response)).toHaveLength(4);
    expect(unwrapCsvResponse(structuredClone(response)).dataset.classes).toEqual(['a', 'b']);
  });

  it('carries a rejection across as plain data and back into a CsvError', () => {
    const response = answerCsvRequest({ text: 'x,y,label\n1,oops,a\n', options: {} });
    expect(response).toEqual({
      ok: false,
      error: { row: 1, column: 'y', message: 'row 1, column "y": "oops" is not a number' },
    });
    const error = (() => {
      try {
        unwrapCsvResponse(structuredClone(response));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CsvError);
    expect(error).toMatchObject({ row: 1, column: 'y', reason: '"oops" is not a number' });
  });

  it('imports inline where there is no Worker (Node), from text or a Blob', async () => {
    expect(typeof Worker).toBe('undefined');
    expect((await importCsv(TEXT)).dataset.n).toBe(2);
    expect((await importCsv(new Blob([TEXT]))).dataset.n).toBe(2);
    await expect(importCsv('x,y,l\n1,zz,a\n')).rejects.toMatchObject({ row: 1, column: 'y' });
  });

  it('takes a first look: header, sample rows, a guess per column, a digest of the content', async () => {
    const peek = await peekCsvFile(new Blob([TEXT]));
    expect(peek).toMatchObject({
      header: ['x', 'y', 'label'],
      sample: [
        ['1', '2', 'a'],
        ['3', '4', 'b'],
      ],
      rows: 2,
      numeric: [true, true, false],
      distinct: [2, 2, 2],
    });
    expect(peek.digest).toMatch(/^[0-9a-z]{14}$/);
    expect((await peekCsvFile(TEXT.replace('4', '5'))).digest).not.toBe(peek.digest);
    expect((await peekCsvFile(TEXT)).digest).toBe(peek.digest);
  });

  it('refuses a malformed file at the first look, with its row', async () => {
    await expect(peekCsvFile('x,y\n1,2\n3\n')).rejects.toMatchObject({ row: 2 });
    await expect(peekCsvFile('1,2\n3,4\n')).rejects.toThrow(/header row of column names is required/);
  });

  it('refuses an oversized Blob before reading it', async () => {
    const blob = new Blob([TEXT]);
    blob.text = () => Promise.reject(new Error('read a blob it should have refused'));
    await expect(importCsv(blob, { maxBytes: 10 })).rejects.toThrow(/size limit/);
  });
});
