/** Every compile error lands on the box and port the user has to fix, with a message that says why. */
import { describe, expect, it } from 'vitest';
import { box, dense, doc, wire } from '../testing/documents';
import { compileDocument } from './compile';
import type { CompileError } from './types';

const only = (errors: readonly CompileError[], code: CompileError['code']) => errors.filter((e) => e.code === code);

describe('compile errors', () => {
  it('an unconnected required input is reported on its box and port', () => {
    const d = dense(4, 3);
    const r = compileDocument({ ...d, wires: d.wires.filter((w) => w.id !== 'w2') });
    expect(r.errors).toEqual([
      { code: 'unconnected-input', message: "input 'x' of bias 'b' is not connected", box: 'b', port: 'x' },
    ]);
    expect(r.model).toBeNull();
  });

  it('a second wire into one input is reported on that input and wire', () => {
    const d = dense(4, 3);
    const r = compileDocument({ ...d, wires: [...d.wires, wire('in.x', 'lin.x', 'w9')] });
    expect(r.errors).toEqual([
      expect.objectContaining({ code: 'two-wires-into-input', box: 'lin', port: 'x', wire: 'w9' }),
    ]);
  });

  it('a shape mismatch prints both types', () => {
    const d = dense(3, 2);
    d.boxes[1] = box('lin', 'linear', { in: 4, out: 2 });
    const r = compileDocument(d);
    expect(r.errors).toEqual([{ code: 'shape-mismatch', message: 'ℝ^3 cannot feed ℝ^4', box: 'lin', port: 'x' }]);
  });

  it('a cycle names every box on it, on each of them', () => {
    const boxes = [
      box('in', 'input', { shape: [2] }),
      box('plus', 'add'),
      box('s1', 'sigmoid'),
      box('s2', 'tanh'),
      box('out', 'output'),
    ];
    const wires = [
      wire('in.x', 'plus.a'),
      wire('plus.y', 's1.x'),
      wire('s1.y', 's2.x'),
      wire('s2.y', 'plus.b'),
      wire('s1.y', 'out.ŷ'),
    ];
    const r = compileDocument(doc(boxes, wires));
    const cycle = only(r.errors, 'cycle');
    expect(cycle.map((e) => e.box)).toEqual(['plus', 's1', 's2']);
    expect(cycle[0].message).toBe('the wires form a cycle through plus, s1, s2');
  });

  it('an unknown generator is reported on its box', () => {
    const r = compileDocument(
      doc(
        [box('in', 'input', { shape: [2] }), box('f', 'frobnicate'), box('out', 'output')],
        [wire('in.x', 'f.x'), wire('f.y', 'out.ŷ')],
      ),
    );
    expect(r.errors).toEqual([{ code: 'unknown-generator', message: "unknown generator 'frobnicate'", box: 'f' }]);
  });

  it("a bad config carries the core's typed message", () => {
    const d = dense(4, 3);
    d.boxes[1] = box('lin', 'linear', { out: -1 });
    const [e] = compileDocument(d).errors;
    expect(e).toMatchObject({ code: 'bad-config', box: 'lin' });
    expect(e.message).toContain("config 'out'");
  });

  it('a learner without a loss is an error only when a loss is required', () => {
    expect(compileDocument(dense(4, 3)).errors).toEqual([]);
    const r = compileDocument(dense(4, 3), { requireLoss: true });
    expect(r.errors).toEqual([expect.objectContaining({ code: 'no-loss', box: 'out' })]);
    const withSettings = {
      ...dense(4, 3),
      training: { loss: 'mse' as const, batchSize: 1, epochs: 1, seed: 1, testFraction: 0 },
    };
    expect(compileDocument(withSettings, { requireLoss: true }).errors).toEqual([]);
  });

  it('wires naming a missing box or port are reported on the wire', () => {
    const d = dense(4, 3);
    const r = compileDocument({
      ...d,
      wires: [...d.wires, wire('ghost.y', 'lin.x', 'wg'), wire('act.y', 'lin.q', 'wq')],
    });
    expect(r.errors).toEqual([
      { code: 'unknown-box', message: "wire 'wg' names box 'ghost', which does not exist", wire: 'wg' },
      { code: 'unknown-port', message: "linear 'lin' has no input port 'q'", box: 'lin', port: 'q', wire: 'wq' },
    ]);
  });

  it('a label of another shape than the prediction is a mismatch on the loss', () => {
    const d = dense(4, 3);
    const r = compileDocument({
      ...d,
      boxes: [...d.boxes, box('y', 'label', { shape: [2] }), box('L', 'loss', { kind: 'mse' })],
      wires: [...d.wires, wire('act.y', 'L.ŷ'), wire('y.y', 'L.y')],
    });
    expect(r.errors).toEqual([
      { code: 'shape-mismatch', message: 'the label ℝ^2 cannot feed the prediction ℝ^3', box: 'L', port: 'y' },
    ]);
  });

  it('a Para port the compiler cannot size asks for a parameter box', () => {
    const boxes = [box('in', 'input', { shape: [4, 4, 2] }), box('t', 'conv2dBackInput'), box('out', 'output')];
    const r = compileDocument(doc(boxes, [wire('in.x', 't.d'), wire('t.x', 'out.ŷ')]));
    expect(r.errors).toEqual([expect.objectContaining({ code: 'bad-config', box: 't', port: 'W' })]);
  });

  it('the loss cannot feed the model', () => {
    const d = dense(4, 3);
    const boxes = [...d.boxes, box('y', 'label', { shape: [3] }), box('L', 'loss'), box('s', 'sigmoid')];
    const wires = [...d.wires, wire('act.y', 'L.ŷ'), wire('y.y', 'L.y'), wire('L.l', 's.x', 'wl')];
    expect(only(compileDocument(doc(boxes, wires)).errors, 'unknown-port')).toEqual([
      expect.objectContaining({ box: 's', port: 'x', wire: 'wl' }),
    ]);
  });

  it('bad learner configs are reported on their boxes', () => {
    const boxes = [
      box('P', 'parameter', { shape: [0] }),
      box('a', 'learning-rate', { epsilon: -1 }),
      box('o', 'optimiser', { kind: 'sgd' }),
    ];
    const r = compileDocument(doc(boxes, []));
    expect(r.errors.map((e) => [e.code, e.box])).toEqual([
      ['bad-config', 'P'],
      ['unconnected-input', 'a'],
      ['bad-config', 'a'],
      ['bad-config', 'o'],
      ['no-output', undefined],
    ]);
  });

  it('collects every error, and still types the wires inference reached', () => {
    const d = dense(4, 3);
    d.boxes.push(box('f', 'frobnicate'));
    const r = compileDocument({ ...d, wires: d.wires.filter((w) => w.id !== 'w3') });
    expect(r.errors.map((e) => e.code).sort()).toEqual(['unconnected-input', 'unknown-generator']);
    expect(r.wireTypes.get('w1')).toEqual({ field: 'real', shape: [4], batch: true });
    expect(r.wireTypes.get('w2')).toEqual({ field: 'real', shape: [3], batch: true });
    expect(r.portTypes.get('lin:W')).toEqual({ field: 'real', shape: [4, 3], batch: false });
    expect(r.wireTypes.has('w4')).toBe(false);
  });
});
