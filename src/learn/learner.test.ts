/**
 * The assembled step: one forward pass (CSE merged rdiff's forward copy), no change of the data
 * computed (DCE), the deep-dreaming variant learns the input, and over ℤ₂ the step is Reverse
 * Derivative Ascent, p ⊕ Σ_batch π_P R[f](p, x, ŷ ⊕ y).
 */
import { describe, expect, it } from 'vitest';
import type { CompiledModel } from '../compile/types';
import { DiagramBuilder } from '../core/builder';
import { fullShape, isScalar, shapeSize } from '../core/shape';
import { param, z2 } from '../core/wire';
import { createTypedEngine } from '../engines/typed';
import { denseModel } from '../testing/models';
import { assembleLearner } from './learner';
import { initialParams } from './params';

const f64 = (data: ArrayLike<number>, shape: number[]) => ({ shape, data: Float64Array.from(data) });

describe('learner assembly', () => {
  it('lowers to one forward pass and computes no change of the data', () => {
    const learner = assembleLearner(
      denseModel(4, [
        { units: 8, activation: 'tanh' },
        { units: 3, activation: 'sigmoid' },
      ]),
    );
    const steps = learner.stepProgram.steps;
    const count = (gen: string, pass: string) => steps.filter((s) => s.gen === gen && s.pass === pass).length;
    expect(count('linear', 'forward')).toBe(2);
    expect(count('sigmoid', 'forward') + count('sigmoid', 'backward')).toBe(1);
    expect(count('tanh', 'forward') + count('tanh', 'backward')).toBe(1);
    // the hidden layer's input change is needed, the data's is not: one linearT, not two.
    expect(count('linearT', 'backward')).toBe(1);
    expect(learner.stepProgram.outputs.length).toBe(4 + 2);
    expect(learner.step.term).toBe('gd ▷ (linear[4→8] ; bias ; tanh ; linear[8→3] ; bias ; sigmoid ; ℓ[mse] ; α)');
  });

  it('learns the input instead of the weights (deep dreaming)', () => {
    const model = denseModel(4, [{ units: 3, activation: 'sigmoid', init: { kind: 'normal', sigma: 1 } }]);
    const learner = assembleLearner(model, { learn: 'inputs', optimiser: 'gd' });
    expect(learner.layout.learnt).toEqual([2]);
    expect(learner.layout.fixed).toEqual([0, 1]);
    const [W, b] = initialParams(model, 7);
    const engine = createTypedEngine(learner.stepProgram, { dtype: 'float64' });
    let x: ArrayLike<number> = [0, 0, 0, 0];
    const target = [1, 0, 0];
    const losses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const [next, l] = engine.run([f64(x, [1, 4]), f64([0.5], []), f64(W, [4, 3]), f64(b, [3]), f64(target, [1, 3])]);
      x = Float64Array.from(next.data);
      losses.push(l.data[0]);
    }
    expect(losses[199]).toBeLessThan(losses[0] / 2);
    expect(Array.from(W)).toEqual(Array.from(initialParams(model, 7)[0]));
  });

  it('over ℤ₂ one step is Reverse Derivative Ascent', () => {
    // f(p, x) = Σ_i p_i x_i (mod 2): learn which bits a parity reads.
    const n = 4;
    const b = new DiagramBuilder();
    const p = b.input(param([n], 'z2'));
    const x = b.input(z2([n]));
    b.output(b.op('reshape', [b.op('sumFeatures', [b.op('and', [p, x])])], { shape: [1] }));
    const model: CompiledModel = {
      diagram: b.build(),
      params: [{ name: 'p', type: param([n], 'z2'), init: { kind: 'zeros' }, source: 'p' }],
      inputs: [{ box: 'x', role: 'features', type: z2([n]) }],
      outputs: [{ box: 'y', port: 'y', type: z2([1]) }],
      loss: { kind: 'z2-xor' },
      learningRate: null,
      optimiser: null,
      term: 'parity',
    };
    const learner = assembleLearner(model);
    expect(learner.cap).toBe('identity');
    const engine = createTypedEngine(learner.stepProgram, { dtype: 'float64' });
    const p0 = [1, 0, 1, 0];
    const xs = [1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 0];
    const ys = [1, 0, 0];
    const [p1] = engine.run([f64(p0, [n]), f64([0.01], []), f64(xs, [3, n]), f64(ys, [3, 1])]);
    // by hand: e_r = f(p, x_r) ⊕ y_r, then p_i ⊕ Σ_r e_r x_ri (mod 2)
    const rows = [0, 1, 2].map((r) => xs.slice(r * n, (r + 1) * n));
    const e = rows.map((row, r) => (row.reduce((s, v, i) => s + v * p0[i], 0) + ys[r]) % 2);
    const want = p0.map((v, i) => (v + rows.reduce((s, row, r) => s + e[r] * row[i], 0)) % 2);
    expect(Array.from(p1.data)).toEqual(want);
  });

  it('the fused step: under half the steps, the same bits', () => {
    const model = denseModel(4, [
      { units: 8, activation: 'tanh' },
      { units: 3, activation: 'sigmoid' },
    ]);
    const learner = assembleLearner(model, { optimiser: 'adam' });
    const fused = learner.fusedStepProgram;
    expect(fused.steps.length).toBeLessThan(learner.stepProgram.steps.length / 2);
    expect(fused.outputs).toEqual(learner.stepProgram.outputs);
    const plain = createTypedEngine(learner.stepProgram, { dtype: 'float32' });
    const fast = createTypedEngine(fused, { dtype: 'float32' });
    const params = initialParams(model, 3);
    const types = learner.stepProgram.inputs.map((b) => learner.stepProgram.bufferTypes[b]);
    const values = (hyper: number[]) => {
      let h = 0;
      let p = 0;
      return types.map((t, i) => {
        const shape = fullShape(t, 2);
        const n = shapeSize(shape);
        const data = new Float32Array(n);
        if (i < params.length) data.set(params[p++]);
        else if (isScalar(t)) data[0] = hyper[h++ % hyper.length];
        else for (let k = 0; k < n; k++) data[k] = Math.sin(k + i);
        return { shape, data };
      });
    };
    const xs = values([0.01, 0.9, 0.999, 1e-7, 0]);
    const want = plain.run(xs);
    const got = fast.run(xs);
    got.forEach((g, i) => {
      expect(Array.from(g.data)).toEqual(Array.from(want[i].data));
    });
  });
});
