/**
 * Which port is which, checked by value: a box's output ports reach the outputs they are wired
 * to, in their own order, and a group input that names several inner ports feeds all of them.
 */
import { describe, expect, it } from 'vitest';
import type { GroupDoc } from '../io/document';
import { box, doc, wire } from '../testing/documents';
import { evaluate } from '../testing/numeric';
import { compileDocument } from './compile';

function compiled(d: ReturnType<typeof doc>) {
  const r = compileDocument(d);
  expect(r.errors).toEqual([]);
  if (!r.model) throw new Error('no model');
  return r.model;
}

/** The model's outputs on one input row (the oracle's batch repeats it). */
function outputsOn(d: ReturnType<typeof doc>, row: number[]) {
  const m = compiled(d);
  const x = { shape: [1, row.length], data: Float64Array.from(row) };
  return evaluate(m.diagram, [x]).map((v) =>
    Array.from(
      v.data.slice(
        0,
        v.shape.slice(1).reduce((a, b) => a * b, 1),
      ),
    ),
  );
}

describe('compile keeps ports apart', () => {
  it("a box's output ports reach their own outputs, whichever output box is drawn first", () => {
    const boxes = [
      box('in', 'input', { shape: [3] }),
      box('sp', 'split', { sizes: [2, 1] }),
      box('a', 'output'),
      box('b', 'output'),
    ];
    // y1 (one value) goes to the output box listed first, y0 (two values) to the second.
    const d = doc(boxes, [wire('in.x', 'sp.x'), wire('sp.y1', 'a.ŷ'), wire('sp.y0', 'b.ŷ')]);
    expect(compiled(d).outputs.map((o) => `${o.box}.${o.port}:${o.type.shape.join('×')}`)).toEqual([
      'sp.y1:1',
      'sp.y0:2',
    ]);
    expect(outputsOn(d, [1, 2, 3])).toEqual([[3], [1, 2]]);
  });

  it('the inputs of a box keep their order (subtract: a − b, not b − a)', () => {
    const boxes = [
      box('in', 'input', { shape: [2] }),
      box('sp', 'split', { sizes: [1, 1] }),
      box('s', 'subtract'),
      box('out', 'output'),
    ];
    const wires = [wire('in.x', 'sp.x'), wire('sp.y0', 's.b'), wire('sp.y1', 's.a'), wire('s.y', 'out.ŷ')];
    expect(outputsOn(doc(boxes, wires), [10, 3])).toEqual([[-7]]);
  });

  it('a group input naming several inner ports feeds every one of them', () => {
    const g: GroupDoc = {
      id: 'g',
      name: 'two heads',
      position: { x: 0, y: 0 },
      inputs: [
        { name: 'x', box: 'sq', port: 'x' },
        { name: 'x', box: 'neg', port: 'x' },
      ],
      outputs: [
        { name: 'square', box: 'sq', port: 'y' },
        { name: 'negated', box: 'neg', port: 'y' },
      ],
    };
    const boxes = [
      box('in', 'input', { shape: [2] }),
      box('sq', 'square', {}, { parent: 'g' }),
      box('neg', 'negate', {}, { parent: 'g' }),
      box('o1', 'output'),
      box('o2', 'output'),
    ];
    const wires = [wire('in.x', 'g.x'), wire('g.square', 'o1.ŷ'), wire('g.negated', 'o2.ŷ')];
    const d = doc(boxes, wires, { groups: [g] });
    const m = compiled(d);
    expect(m.diagram.boxes.map((b) => `${b.gen}@${b.source}`)).toEqual(['copy@in', 'negate@neg', 'square@sq']);
    expect(outputsOn(d, [3, -2])).toEqual([
      [9, 4],
      [-3, 2],
    ]);
  });
});
