/**
 * Lowering: steps in topological order, dead-code elimination (no change of a data input is
 * computed unless asked for), common-subexpression elimination, and the per-step provenance
 * (source box, pass) the animation reads.
 */
import { describe, expect, test } from 'vitest';
import { DiagramBuilder } from './builder';
import { lower, lowerLens, type Program } from './program';
import { rdiff } from './rdiff';
import { topoOrder } from './topology';
import { param, real } from './wire';

/** A dense layer σ(xW + b) with parameters W, b first. */
/** A σ/tanh chain of n boxes on ℝ^3. */
function chain(n: number) {
  const b = new DiagramBuilder();
  let w = b.input(real([3]));
  for (let i = 0; i < n; i++) w = b.op(i % 2 ? 'tanh' : 'sigmoid', [w]);
  b.output(w);
  return b.build();
}

function dense() {
  const b = new DiagramBuilder();
  const w = b.input(param([4, 3]));
  const bias = b.input(param([3]));
  const x = b.input(real([4]));
  const y = b.op(
    'sigmoid',
    [b.op('bias', [bias, b.op('linear', [w, x], { in: 4, out: 3 }, { source: 'n1' })], {}, { source: 'n2' })],
    {},
    { source: 'n3' },
  );
  b.output(y);
  return b.build();
}

describe('lower', () => {
  test('every step reads only buffers written before it', () => {
    const p = lowerLens(dense());
    const written = new Set(p.inputs);
    for (const s of p.steps) {
      expect(s.inputs.every((b) => written.has(b))).toBe(true);
      for (const b of s.outputs) written.add(b);
    }
    expect(p.outputs.every((b) => written.has(b))).toBe(true);
  });

  test('dead code: the change of the data input is not computed unless asked for', () => {
    const all = lowerLens(dense());
    const paramsOnly = lowerLens(dense(), { changes: [0, 1] });
    expect(all.steps.some((s) => s.gen === 'linearT')).toBe(true);
    expect(paramsOnly.steps.some((s) => s.gen === 'linearT')).toBe(false);
    expect(paramsOnly.outputs.length).toBe(3);
    // Without the forward outputs, only the changes asked for are outputs, and they are the
    // same buffers as in the full lens program.
    const changesOnly = lowerLens(dense(), { changes: [0, 1], forward: false });
    expect(changesOnly.outputs).toEqual(paramsOnly.outputs.slice(1));
  });

  test('common subexpressions merge: the same box on the same buffers runs once', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const y1 = b.op('tanh', [x]);
    const y2 = b.op('tanh', [x]);
    const z1 = b.op('scale', [y1], { c: 2 });
    const z2 = b.op('scale', [y2], { c: 2 });
    b.outputs([
      b.op('add', [z1, z2]),
      b.op('zero', [], { shape: [2] }),
      b.op('zero', [], { shape: [2], field: 'real', batch: true }),
    ]);
    const p = lower(b.build());
    expect(p.steps.map((s) => s.gen)).toEqual(['tanh', 'scale', 'add', 'zero']);
    expect(p.wireBuffer[y1]).toBe(p.wireBuffer[y2]);
  });

  test('steps remember their source box and pass', () => {
    const p = lowerLens(dense(), { changes: [0, 1] });
    const fwd = p.steps.filter((s) => s.pass === 'forward').map((s) => [s.gen, s.source]);
    expect(fwd).toEqual([
      ['linear', 'n1'],
      ['bias', 'n2'],
      ['sigmoid', 'n3'],
    ]);
    const back = p.steps.filter((s) => s.pass === 'backward');
    expect(back.length).toBeGreaterThan(0);
    expect(new Set(back.map((s) => s.source))).toEqual(new Set(['n1', 'n2', 'n3']));
  });

  test('CSE merges repeats among many readers of one buffer (past the short chains, in the table)', () => {
    const b = new DiagramBuilder();
    const x = b.input(real([2]));
    const y = b.input(real([2]));
    const outs: number[] = [];
    for (let i = 0; i < 40; i++) {
      outs.push(b.op(['tanh', 'sigmoid', 'negate', 'square'][i % 4], [x]));
      outs.push(b.op('scale', [x], { c: i % 5 }));
      outs.push(b.op('add', [i % 2 ? x : y, x]));
      outs.push(b.op('zero', [], i % 3 ? { shape: [2], batch: true, field: 'real' } : { field: 'real', shape: [2] }));
    }
    b.outputs(outs);
    const p = lower(b.build());
    const keys = p.steps.map((s) => `${s.gen} ${JSON.stringify(s.config)} ${s.inputs.join()}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(p.steps.length).toBe(4 + 5 + 2 + 1); // the two zero configs are one once normalised
  });

  test('a diagram whose boxes are not in topological order lowers in Kahn order', () => {
    const b = new DiagramBuilder();
    let w = b.input(real([3]));
    for (let i = 0; i < 6; i++) w = b.op(i % 2 ? 'tanh' : 'sigmoid', [w]);
    b.output(w);
    const d = b.build();
    const shuffled = { ...d, boxes: [3, 0, 5, 1, 4, 2].map((i) => d.boxes[i]) };
    const order = topoOrder(shuffled);
    const inOrder = { ...shuffled, boxes: order.map((i) => shuffled.boxes[i]) };
    // rdiff names a box without a source by its index, which the shuffle changes
    const strip = (p: Program) => JSON.stringify(p, (k, v) => (k === 'source' ? undefined : v));
    expect(strip(lower(shuffled))).toBe(strip(lower(inOrder)));
    expect(strip(lowerLens(shuffled))).toBe(strip(lowerLens(inOrder)));
  });

  test('long programs read the same as short ones', () => {
    const p = lowerLens(chain(2500));
    expect(p.steps.length).toBe(4 * 2500);
    expect(p.bufferTypes.length).toBe(p.nBuffers);
    const written = new Set(p.inputs);
    for (const s of p.steps) {
      expect(s.inputs.every((b) => written.has(b))).toBe(true);
      for (const b of s.outputs) written.add(b);
      expect(s.types).toEqual(s.inputs.map((b) => p.bufferTypes[b]));
    }
    expect(p.outputs.every((b) => written.has(b))).toBe(true);
  });

  test('lowering is linear in the chain length (no quadratic recomputation)', () => {
    const steps = (n: number) => lowerLens(chain(n)).steps.length;
    expect(steps(200) - steps(100)).toBe(steps(100) - steps(0));
    expect(rdiff(chain(50)).boxes.length).toBeLessThan(50 * 8);
  });
});
