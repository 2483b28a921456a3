/**
 * Diagrams from outside the constructors (normalise.ts): `validate` refuses each way the wires can
 * disagree with the boxes, naming the wire or the box; `explicitCopies` makes every fan-out a copy
 * and ends every unread wire with a discard, and keeps a recorded term.
 */
import { describe, expect, test } from 'vitest';
import { DiagramBuilder } from './builder';
import { andThen, box } from './compose';
import type { Box, Diagram } from './diagram';
import { DiagramError } from './errors';
import { explicitCopies, validate } from './normalise';
import { printTerm } from './term';
import { real } from './wire';

const sigmoid = (inputs: number[], outputs: number[]): Box => ({ gen: 'sigmoid', config: {}, inputs, outputs });

/** wire 0 → sigmoid → wire 1, with the changes asked for. */
const plain = (over: Partial<Diagram> = {}): Diagram => ({
  wires: [real([3]), real([3])],
  boxes: [sigmoid([0], [1])],
  inputs: [0],
  outputs: [1],
  ...over,
});

function refusal(d: Diagram): string {
  try {
    validate(d);
  } catch (e) {
    expect(e).toBeInstanceOf(DiagramError);
    return (e as Error).message;
  }
  throw new Error('expected a DiagramError');
}

describe('validate', () => {
  test('a well-formed diagram passes, boxes out of order included', () => {
    expect(() => validate(plain())).not.toThrow();
    const twoBoxes = plain({
      wires: [real([3]), real([3]), real([3])],
      boxes: [sigmoid([1], [2]), sigmoid([0], [1])],
      outputs: [2],
    });
    expect(() => validate(twoBoxes)).not.toThrow();
  });

  test('a wire that does not exist, named with what names it', () => {
    expect(refusal(plain({ inputs: [2] }))).toBe('a boundary input names wire 2, which does not exist');
    expect(refusal(plain({ inputs: [-1] }))).toBe('a boundary input names wire -1, which does not exist');
    expect(refusal(plain({ boxes: [sigmoid([0], [2])] }))).toBe('sigmoid#0 names wire 2, which does not exist');
  });

  test('a wire with two producers', () => {
    expect(refusal(plain({ inputs: [0, 0] }))).toBe('wire 0 has two producers (a boundary input)');
    expect(refusal(plain({ boxes: [sigmoid([0], [0])], outputs: [0] }))).toBe('wire 0 has two producers (sigmoid#0)');
    const both = plain({ boxes: [sigmoid([0], [1]), sigmoid([0], [1])] });
    expect(refusal(both)).toBe('wire 1 has two producers (sigmoid#1)');
  });

  test('a box whose wires are not the types its rule gives', () => {
    expect(refusal(plain({ wires: [real([3]), real([4])] }))).toBe('sigmoid#0 outputs ℝ^3 but its wires are ℝ^4');
    const copy: Box = { gen: 'copy', config: { n: 2 }, inputs: [0], outputs: [1] };
    expect(refusal(plain({ boxes: [copy] }))).toBe('copy#0 outputs ℝ^3 ⊗ ℝ^3 but its wires are ℝ^3');
  });

  test('a cycle', () => {
    const loop = plain({
      wires: [real([3]), real([3]), real([3])],
      boxes: [sigmoid([2], [1]), sigmoid([1], [2])],
    });
    expect(refusal(loop)).toBe('the diagram has a cycle');
  });

  test('an output nothing produces', () => {
    expect(refusal(plain({ wires: [real([3]), real([3]), real([3])], outputs: [2] }))).toBe(
      'output wire 2 has no producer',
    );
    // A boundary input is a producer: the identity is well formed.
    expect(() => validate(plain({ boxes: [], outputs: [0] }))).not.toThrow();
  });
});

describe('explicitCopies', () => {
  test('a wire read three times gets a copy of three; a wire read by nothing, a discard; a wire read once, nothing', () => {
    const b = new DiagramBuilder();
    const [x, y, z] = b.inputs([real([2]), real([2]), real([2])]);
    const s = b.op('add', [x, x]);
    b.outputs([s, x, y]);
    void z;
    const e = explicitCopies(b.build());
    expect(e.boxes.map((bx) => [bx.gen, bx.config])).toEqual([
      ['copy', { n: 3 }],
      ['discard', {}],
      ['add', {}],
    ]);
    const [copy] = e.boxes;
    expect(e.boxes[2].inputs).toEqual(copy.outputs.slice(0, 2));
    expect(e.outputs).toEqual([e.boxes[2].outputs[0], copy.outputs[2], e.inputs[1]]);
    expect(() => validate(e)).not.toThrow();
  });

  test('boxes keep their source and pass', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    b.output(b.op('sigmoid', [x], {}, { source: 'n1', pass: 'backward' }));
    const [s] = explicitCopies(b.build()).boxes;
    expect([s.gen, s.source, s.pass]).toEqual(['sigmoid', 'n1', 'backward']);
  });

  test('a recorded term is kept; a diagram drawn box by box is printed from its boxes', () => {
    const f = andThen(box('sigmoid', [real([2])]), box('tanh', [real([2])]));
    expect(explicitCopies(f).term).toBe('sigmoid ; tanh');
    expect(explicitCopies(plain()).term).toBeUndefined();
    expect(printTerm(explicitCopies(plain()))).toBe('sigmoid');
    expect(printTerm(plain({ boxes: [], outputs: [0] }))).toBe('id');
  });

  test('a wire read but never produced is named', () => {
    // Read by a box, topological ordering names it first; read only by the boundary, this does.
    const readByBox = plain({ wires: [real([3]), real([3]), real([3])], boxes: [sigmoid([2], [1])] });
    expect(() => explicitCopies(readByBox)).toThrow('wire 2 read by sigmoid#0 has no producer');
    const readByBoundary = plain({ wires: [real([3]), real([3]), real([3])], outputs: [1, 2] });
    expect(() => explicitCopies(readByBoundary)).toThrow(DiagramError);
    expect(() => explicitCopies(readByBoundary)).toThrow('wire 2 is read before it is produced');
  });
});
