/** The op-table machinery: a refused or unlisted generator refuses the graph, naming it and its box. */
import { describe, expect, it } from 'vitest';
import { allGenerators } from '../core/generators/index';
import { exampleModelFile } from '../testing/exportModels';
import { exportGraph } from './graph';
import { mapNodes, missingFromTable, type OpTable, UnsupportedOpError, unknownInTable } from './opTable';

const xor = () => {
  const { file, weights } = exampleModelFile('xor');
  return exportGraph(file, weights);
};

describe('op tables', () => {
  it('maps every node of a graph the table covers, in order', () => {
    const table: OpTable<string> = { linear: 'mm', bias: 'add', tanh: 'tanh' };
    expect(mapNodes('Test', table, xor()).map((m) => m.op)).toEqual(['mm', 'add', 'tanh', 'mm', 'add']);
  });

  it('refuses a graph naming each refused or unlisted generator and its box, once per box', () => {
    const table: OpTable<string> = { linear: 'mm', tanh: { refused: 'no tanh here' } };
    let error: unknown;
    try {
      mapNodes('Test', table, xor());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnsupportedOpError);
    expect((error as Error).message).toBe(
      [
        "bias has no Test form (box 'bias1'): the Test op table has no entry for it",
        "tanh has no Test form (box 'tanh1'): no tanh here",
        "bias has no Test form (box 'bias2'): the Test op table has no entry for it",
      ].join('\n'),
    );
  });

  it('lists the generators a table forgets, and entries naming no generator', () => {
    const ids = allGenerators().map((g) => g.id);
    const all = Object.fromEntries(ids.map((id) => [id, 'op']));
    expect(missingFromTable(all)).toEqual([]);
    const { linear: _, ...withoutLinear } = all;
    expect(missingFromTable({ ...withoutLinear, oldName: 'op' })).toEqual(['linear']);
    expect(unknownInTable({ ...all, oldName: 'op' })).toEqual(['oldName']);
  });
});
