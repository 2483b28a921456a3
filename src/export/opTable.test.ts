/** The op-table machinery: a refused or unlisted generator refuses the graph, naming it and its box. */
import { describe, expect, it } from 'vitest';
import { allGenerators } from '../core/generators/index';
import { exampleModelFile } from '../testing/exportModels';
import { exportGraph } from './graph';
import {
  isRefusal,
  mapNodes,
  missingFromTable,
  type OpTable,
  refusalOf,
  refused,
  UnsupportedOpError,
  unknownInTable,
} from './opTable';

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

  it('tells a refusal from a mapping of any kind, a table holding strings, functions or objects', () => {
    expect(isRefusal(refused('why'))).toBe(true);
    for (const entry of ['op', () => {}, { op: 'Gemm' }, null, undefined, 0]) expect(isRefusal(entry)).toBe(false);
  });

  it('refuses a node named after an object property, which no table lists', () => {
    const graph = xor();
    const odd = { ...graph, nodes: [{ ...graph.nodes[0], gen: 'toString', box: undefined }] };
    const error = refusalOf('Test', { linear: 'mm' }, odd);
    expect(error).toBeInstanceOf(UnsupportedOpError);
    expect(error?.name).toBe('UnsupportedOpError');
    expect(error?.target).toBe('Test');
    expect(error?.refusals).toEqual([{ gen: 'toString', reason: 'the Test op table has no entry for it' }]);
    expect(error?.message).toBe('toString has no Test form: the Test op table has no entry for it');
    expect(refusalOf('Test', { linear: 'mm', bias: 'add', tanh: 'tanh' }, graph)).toBeUndefined();
  });
});
