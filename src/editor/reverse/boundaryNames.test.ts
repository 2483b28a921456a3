import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile/compile';
import { xorExample } from '../model/xorExample';
import { reverseGraph } from './reverseGraph';

describe('R[f] boundary names', () => {
  it('names the wires of R[f] after the parameters, inputs and outputs of the diagram', () => {
    const doc = xorExample();
    const model = compileDocument(doc).model;
    if (!model) throw new Error('XOR does not compile');
    const g = reverseGraph(model, doc);
    const boundary = g.nodes.filter((n) => n.pass === 'boundary').map((n) => n.label);
    expect(boundary).toEqual(expect.arrayContaining(['W1.W', 'b1.W', 'x', 'd ŷ', 'd W1.W', 'd b2.W', 'd x']));
    expect(boundary.some((l) => /^(x|d|dx)\d+$/.test(l))).toBe(false);
  });
});
