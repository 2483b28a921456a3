/**
 * The builder writes columns of typed arrays (packed.ts), regrown as a diagram gets long: what
 * it builds must read exactly as a diagram drawn the plain way, at any length, and the builder
 * must stay usable after `build`.
 */
import { describe, expect, test } from 'vitest';
import { DiagramBuilder } from './builder';
import { real } from './wire';

function chain(b: DiagramBuilder, n: number): number {
  let w = b.input(real([3]));
  for (let i = 0; i < n; i++) w = b.op(i % 2 ? 'tanh' : 'sigmoid', [w]);
  return w;
}

describe('DiagramBuilder', () => {
  test('a long diagram (past many regrowths of its columns) has every box, wire and boundary in order', () => {
    const b = new DiagramBuilder();
    const out = chain(b, 20000);
    b.output(out);
    const d = b.build();
    expect(d.boxes.length).toBe(20000);
    expect(d.wires.length).toBe(20001);
    expect(d.inputs).toEqual([0]);
    expect(d.outputs).toEqual([20000]);
    d.boxes.forEach((box, i) => {
      expect(box.inputs).toEqual([i]);
      expect(box.outputs).toEqual([i + 1]);
      expect(box.gen).toBe(i % 2 ? 'tanh' : 'sigmoid');
    });
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });

  test('build copies: the builder goes on, and an earlier diagram does not change', () => {
    const b = new DiagramBuilder();
    const w = chain(b, 9000);
    b.output(w);
    const first = b.build();
    const before = JSON.stringify(first);
    b.output(b.op('negate', [w]));
    const second = b.build();
    expect(JSON.stringify(first)).toBe(before);
    expect(second.boxes.length).toBe(9001);
    expect(second.outputs).toEqual([9000, 9001]);
  });

  test('boxes and plain objects: prototype, keys and their order as a literal would have them', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    b.op('tanh', [x], {}, { source: 's', pass: 'backward' });
    b.op('tanh', [x], {}, { pass: 'forward' });
    b.op('tanh', [x], {}, { source: 't' });
    b.op('tanh', [x]);
    const d = b.build();
    expect(d.boxes.map((box) => Object.getPrototypeOf(box) === Object.prototype)).toEqual([true, true, true, true]);
    expect(d.boxes.map((box) => Object.keys(box).join())).toEqual([
      'gen,config,inputs,outputs,source,pass',
      'gen,config,inputs,outputs,pass',
      'gen,config,inputs,outputs,source',
      'gen,config,inputs,outputs',
    ]);
  });
});

describe('what the builder refuses and where it puts things', () => {
  test('a wire it does not have is named, and nothing is recorded', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    for (const w of [1, -1, 0.5]) expect(() => b.op('sigmoid', [w])).toThrow(`no wire ${w} in this builder`);
    expect(() => b.output(1)).toThrow('no wire 1 in this builder');
    expect(() => b.outputs([x, 1])).toThrow('no wire 1 in this builder');
    expect(b.boxCount).toBe(0);
    expect(b.build().outputs).toEqual([]);
  });

  test('inline with a source and a pass gives them to every box it splices; without, the boxes keep theirs', () => {
    const inner = new DiagramBuilder();
    const y = inner.input(real([2]));
    inner.output(inner.op('tanh', [inner.op('sigmoid', [y], {}, { source: 'a' })], {}, { pass: 'backward' }));
    const f = inner.build();
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    b.outputs(b.inline(f, b.inline(f, [x]), { source: 'n', pass: 'forward' }));
    expect(b.build().boxes.map((box) => [box.source, box.pass])).toEqual([
      ['a', undefined],
      [undefined, 'backward'],
      ['n', 'forward'],
      ['n', 'forward'],
    ]);
  });

  test('inlineMapped maps every wire and box of a diagram drawn out of order to the builder’s', () => {
    // Box 0 reads what box 1 makes: spliced in topological order, box 1 comes first.
    const f = {
      wires: [real([2]), real([2]), real([2])],
      boxes: [
        { gen: 'tanh', config: {}, inputs: [1], outputs: [2] },
        { gen: 'sigmoid', config: {}, inputs: [0], outputs: [1] },
      ],
      inputs: [0],
      outputs: [2],
    };
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    b.op('exp', [x]);
    const m = b.inlineMapped(f, [x]);
    expect(Array.from(m.boxes)).toEqual([2, 1]);
    expect(Array.from(m.wires)).toEqual([x, 2, 3]);
    expect(m.outputs).toEqual([3]);
    b.output(m.outputs[0]);
    expect(b.build().boxes.map((box) => box.gen)).toEqual(['exp', 'sigmoid', 'tanh']);
  });
});
