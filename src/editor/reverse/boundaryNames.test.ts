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
    expect(boundary).toEqual(
      expect.arrayContaining([
        'W of linear 2→8',
        'b of bias 1',
        'features',
        'd ŷ',
        'd W of linear 2→8',
        'd b of bias 2',
        'd features',
      ]),
    );
    expect(boundary.some((l) => /^\w+\d\.\w+$/.test(l))).toBe(false);
    expect(boundary.some((l) => /^(x|d|dx)\d+$/.test(l))).toBe(false);
  });
});
