/** What the compiler builds: explicit copies and discards, tied parameters, flattened groups. */
import { describe, expect, it } from 'vitest';
import type { GroupDoc } from '../io/document';
import { box, dense, doc, wire } from '../testing/documents';
import { compileDocument } from './compile';

const model = (r: ReturnType<typeof compileDocument>) => {
  expect(r.errors).toEqual([]);
  if (!r.model) throw new Error('no model');
  return r.model;
};
const gens = (r: ReturnType<typeof compileDocument>) => model(r).diagram.boxes.map((b) => `${b.gen}@${b.source}`);

describe('compile structure', () => {
  it('fan-out of an output becomes one copy box with a leg per reader', () => {
    const boxes = [
      box('in', 'input', { shape: [2] }),
      box('s', 'sigmoid'),
      box('t', 'tanh'),
      box('r', 'relu'),
      box('o1', 'output'),
      box('o2', 'output'),
      box('o3', 'output'),
    ];
    const wires = [
      wire('in.x', 's.x'),
      wire('s.y', 't.x'),
      wire('s.y', 'r.x'),
      wire('s.y', 'o1.ŷ'),
      wire('t.y', 'o2.ŷ'),
      wire('r.y', 'o3.ŷ'),
    ];
    const r = compileDocument(doc(boxes, wires));
    expect(gens(r)).toEqual(['sigmoid@s', 'copy@s', 'relu@r', 'tanh@t']);
    expect(model(r).diagram.boxes[1].config).toEqual({ n: 3 });
    expect(model(r).outputs.map((o) => o.box)).toEqual(['s', 't', 'r']);
  });

  it('an unused output becomes a discard box', () => {
    const boxes = [box('in', 'input', { shape: [2] }), box('s', 'sigmoid'), box('t', 'tanh'), box('out', 'output')];
    const r = compileDocument(doc(boxes, [wire('in.x', 's.x'), wire('in.x', 't.x'), wire('t.y', 'out.ŷ')]));
    expect(gens(r)).toEqual(['copy@in', 'sigmoid@s', 'discard@s', 'tanh@t']);
  });

  it('a parameter box feeding two Para ports ties their weights', () => {
    const boxes = [
      box('in', 'input', { shape: [3] }),
      box('P', 'parameter', { shape: [3, 3], init: { kind: 'normal', sigma: 0.1 } }),
      box('l1', 'linear'),
      box('l2', 'linear'),
      box('out', 'output'),
    ];
    const wires = [
      wire('in.x', 'l1.x'),
      wire('P.W', 'l1.W'),
      wire('l1.y', 'l2.x'),
      wire('P.W', 'l2.W'),
      wire('l2.y', 'out.ŷ'),
    ];
    const m = model(compileDocument(doc(boxes, wires)));
    expect(m.params).toEqual([
      {
        name: 'P.W',
        type: { field: 'real', shape: [3, 3], batch: false },
        init: { kind: 'normal', sigma: 0.1 },
        source: 'P',
      },
    ]);
    expect(m.diagram.boxes.map((b) => b.gen)).toEqual(['copy', 'linear', 'linear']);
    expect(m.diagram.inputs).toHaveLength(2);
    expect(m.term).toBe('Δ ; linear[3→3] ; linear[3→3]');
  });

  it('open Para ports become parameters with default initialisers, ordered by box then port', () => {
    const m = model(compileDocument(dense(4, 3)));
    expect(m.params.map((p) => [p.name, p.init.kind, p.type.shape])).toEqual([
      ['b.b', 'zeros', [3]],
      ['lin.W', 'glorot-uniform', [4, 3]],
    ]);
    expect(m.inputs).toEqual([{ box: 'in', role: 'features', type: { field: 'real', shape: [4], batch: true } }]);
    expect(m.diagram.inputs).toHaveLength(3);
    expect(m.diagram.boxes.map((b) => b.source)).toEqual(['lin', 'b', 'act']);
  });

  it('a group is flattened: its exposed ports are wired through', () => {
    const flat = dense(4, 3);
    const g: GroupDoc = {
      id: 'g',
      name: 'dense',
      position: { x: 0, y: 0 },
      inputs: [{ name: 'in', box: 'lin', port: 'x' }],
      outputs: [{ name: 'out', box: 'act', port: 'y' }],
    };
    const boxes = flat.boxes.map((b) => (['lin', 'b', 'act'].includes(b.id) ? { ...b, parent: 'g' } : b));
    const wires = [wire('in.x', 'g.in', 'a'), wire('lin.y', 'b.x'), wire('b.y', 'act.x'), wire('g.out', 'out.ŷ', 'z')];
    const r = compileDocument(doc(boxes, wires, { groups: [g] }));
    expect(model(r).term).toBe(model(compileDocument(flat)).term);
    expect(r.portTypes.get('g:in')).toEqual({ field: 'real', shape: [4], batch: true });
    expect(r.portTypes.get('g:out')).toEqual({ field: 'real', shape: [3], batch: true });
    expect(r.wireTypes.get('z')).toEqual({ field: 'real', shape: [3], batch: true });
  });

  it('tied group instances share their parameters', () => {
    const inner = (g: string) => [
      box(`${g}.lin`, 'linear', { out: 3 }, { parent: g }),
      box(`${g}.b`, 'bias', {}, { parent: g }),
    ];
    const group = (id: string, tiedTo?: string): GroupDoc => ({
      id,
      name: id,
      position: { x: 0, y: 0 },
      inputs: [{ name: 'x', box: `${id}.lin`, port: 'x' }],
      outputs: [{ name: 'y', box: `${id}.b`, port: 'y' }],
      ...(tiedTo ? { tiedTo } : {}),
    });
    const boxes = [box('in', 'input', { shape: [3] }), ...inner('g1'), ...inner('g2'), box('out', 'output')];
    const wires = [
      wire('in.x', 'g1.x'),
      wire('g1.lin.y', 'g1.b.x'),
      wire('g1.y', 'g2.x'),
      wire('g2.lin.y', 'g2.b.x'),
      wire('g2.y', 'out.ŷ'),
    ];
    const tied = model(compileDocument(doc(boxes, wires, { groups: [group('g1'), group('g2', 'g1')] })));
    expect(tied.params.map((p) => p.name)).toEqual(['g1.b.b', 'g1.lin.W']);
    expect(tied.diagram.boxes.filter((b) => b.gen === 'copy')).toHaveLength(2);
    const free = model(compileDocument(doc(boxes, wires, { groups: [group('g1'), group('g2')] })));
    expect(free.params.map((p) => p.name)).toEqual(['g1.b.b', 'g1.lin.W', 'g2.b.b', 'g2.lin.W']);
  });

  it('a tied copy without tie keys (a file from before them) pairs its renamed boxes by position', () => {
    const member = (id: string, parent: string, x: number, out: number) =>
      box(id, 'linear', { out }, { parent, position: { x, y: 0 } });
    const group = (id: string, first: string, last: string, tiedTo?: string): GroupDoc => ({
      id,
      name: id,
      position: { x: 0, y: 0 },
      inputs: [{ name: 'x', box: first, port: 'x' }],
      outputs: [{ name: 'y', box: last, port: 'y' }],
      ...(tiedTo ? { tiedTo } : {}),
    });
    // In A, lin9 (3→2) comes before lin10 (2→3); in the copy B the ids run the other way.
    const boxes = [
      box('in', 'input', { shape: [3] }),
      member('lin9', 'A', 0, 2),
      member('lin10', 'A', 100, 3),
      member('lin12', 'B', 0, 2),
      member('lin11', 'B', 100, 3),
      box('out', 'output'),
    ];
    const wires = [
      wire('in.x', 'A.x'),
      wire('lin9.y', 'lin10.x'),
      wire('A.y', 'B.x'),
      wire('lin12.y', 'lin11.x'),
      wire('B.y', 'out.ŷ'),
    ];
    const groups = [group('A', 'lin9', 'lin10'), group('B', 'lin12', 'lin11', 'A')];
    const m = model(compileDocument(doc(boxes, wires, { groups })));
    expect(m.params.map((p) => [p.name, p.type.shape])).toEqual([
      ['lin10.W', [2, 3]],
      ['lin9.W', [3, 2]],
    ]);
  });

  it('tied boxes whose parameters differ in type are a mismatch', () => {
    const g = (id: string, n: number, tiedTo?: string) => ({
      boxes: [box(`${id}.lin`, 'linear', { out: n }, { parent: id })],
      group: {
        id,
        name: id,
        position: { x: 0, y: 0 },
        inputs: [{ name: 'x', box: `${id}.lin`, port: 'x' }],
        outputs: [{ name: 'y', box: `${id}.lin`, port: 'y' }],
        ...(tiedTo ? { tiedTo } : {}),
      },
    });
    const [a, b] = [g('a', 3), g('b', 2, 'a')];
    const boxes = [box('in', 'input', { shape: [3] }), ...a.boxes, ...b.boxes, box('out', 'output')];
    const r = compileDocument(
      doc(boxes, [wire('in.x', 'a.x'), wire('a.y', 'b.x'), wire('b.y', 'out.ŷ')], { groups: [a.group, b.group] }),
    );
    expect(r.errors).toEqual([
      { code: 'shape-mismatch', message: 'tied parameter: ℝ^{3×2}ᵖ cannot feed ℝ^{3×3}ᵖ', box: 'b.lin', port: 'W' },
    ]);
  });

  it('correlate2d sizes its open filter from kernel, channels and the image', () => {
    const boxes = [
      box('in', 'input', { shape: [8, 8, 2] }),
      box('c', 'correlate2d', { kernel: 3, channels: 4 }),
      box('out', 'output'),
    ];
    const m = model(compileDocument(doc(boxes, [wire('in.x', 'c.x'), wire('c.y', 'out.ŷ')])));
    expect(m.params[0].type.shape).toEqual([3, 3, 2, 4]);
    expect(m.diagram.boxes[0].config).toEqual({ pads: [0, 0, 0, 0], strides: [1, 1], dilations: [1, 1], groups: 1 });
    expect(m.outputs[0].type.shape).toEqual([6, 6, 4]);
  });

  it('the dataset binding decides the input shape; catalog or override', () => {
    const d = dense(4, 3);
    const bound = {
      ...d,
      dataset: { id: 'iris', options: {} },
      boxes: d.boxes.map((b) => (b.id === 'in' ? box('in', 'input') : b)),
    };
    expect(model(compileDocument(bound)).inputs[0].type.shape).toEqual([4]);
    const override = compileDocument(bound, { datasetShapes: { featureShape: [6], labelShape: [1], field: 'real' } });
    expect(model(override).params.find((p) => p.name === 'lin.W')?.type.shape).toEqual([6, 3]);
  });
});
