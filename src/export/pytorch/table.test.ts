/** The PyTorch op table names every generator of the registry (a mapping or a refusal), and only those. */
import { describe, expect, it } from 'vitest';
import { missingFromTable, unknownInTable } from '../opTable';
import { PYTORCH_OPS } from './table';

describe('the PyTorch op table', () => {
  it('maps or refuses every generator of the registry', () => {
    expect(missingFromTable(PYTORCH_OPS)).toEqual([]);
    expect(unknownInTable(PYTORCH_OPS)).toEqual([]);
  });
});
