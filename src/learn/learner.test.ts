/**
 * The assembled step: one forward pass (CSE merged rdiff's forward copy), no change of the data
 * computed (DCE), the deep-dreaming variant learns the input as the formula says, the trained
 * losses are the float64 engine's, and over ℤ₂ the step is Reverse Derivative Ascent,
 * p ⊕ Σ_batch π_P R[f](p, x, ŷ ⊕ y).
 */
import { describe, expect, it } from 'vitest';
import type { CompiledModel } from '../compile/types';
import { DiagramBuilder } from '../core/builder';
import { fullShape, isScalar, shapeSize } from '../core/shape';
import { param, z2 } from '../core/wire';
import { loadDataset } from '../data/catalog';
import { BatchViews } from '../data/dataset';
import { createTypedEngine } from '../engines/typed';
import { denseModel } from '../testing/models';
import { assembleLearner } from './learner';
import { DEFAULT_HYPERS } from './optimisers/index';
import { initialParams, initialState } from './params';
import { createTrainer } from './trainer';

const f64 = (data: ArrayLike<number>, shape: number[]) => ({ shape, data: Float64Array.from(data) });

/** One step of deep dreaming on ½Σ(σ(xW + b) − t)², in doubles: x ← x − ε ((σ − t)σ(1 − σ)) Wᵀ. */
function dreamStep(x: number[], W: ArrayLike<number>, b: ArrayLike<number>, t: number[], epsilon: number) {
  const s = t.map((_, j) => 1 / (1 + Math.exp(-(x.reduce((a, xi, i) => a + xi * W[i * 3 + j], 0) + b[j]))));
  const loss = 0.5 * s.reduce((a, sj, j) => a + (sj - t[j]) ** 2, 0);
  const d = s.map((sj, j) => (sj - t[j]) * sj * (1 - sj));
  return { loss, x: x.map((xi, i) => xi - epsilon * d.reduce((a, dj, j) => a + dj * W[i * 3 + j], 0)) };
}

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

  it('learns the input instead of the weights (deep dreaming), step for step as the formula says', () => {
    // Checked against the descent written out in doubles, not "the loss fell": catches e.g. the
    // mutant "R[σ] = d·σ(x)" (without the 1−σ factor), under which the loss still falls.
    const model = denseModel(4, [{ units: 3, activation: 'sigmoid', init: { kind: 'normal', sigma: 1 } }]);
    const learner = assembleLearner(model, { learn: 'inputs', optimiser: 'gd' });
    expect(learner.layout.learnt).toEqual([2]);
    expect(learner.layout.fixed).toEqual([0, 1]);
    const [W, b] = initialParams(model, 7);
    const engine = createTypedEngine(learner.stepProgram, { dtype: 'float64' });
    const target = [1, 0, 0];
    const epsilon = 0.5;
    let x: ArrayLike<number> = [0, 0, 0, 0];
    let ref = [0, 0, 0, 0];
    for (let i = 0; i < 200; i++) {
      const [next, l] = engine.run([
        f64(x, [1, 4]),
        f64([epsilon], []),
        f64(W, [4, 3]),
        f64(b, [3]),
        f64(target, [1, 3]),
      ]);
      const want = dreamStep(ref, W, b, target, epsilon);
      expect(l.data[0]).toBeCloseTo(want.loss, 12);
      expect(Array.from(next.data)).toEqual(want.x.map((v) => expect.closeTo(v, 12)));
      x = Float64Array.from(next.data);
      ref = want.x;
    }
    expect(Array.from(W)).toEqual(Array.from(initialParams(model, 7)[0]));
  });

  it('trains as the float64 engine does: bit for bit on typed-float64, to float32 rounding on typed', async () => {
    // The typed-float64 trainer against the unfused step Program run by hand on the same batches:
    // catches the runner's mutants, e.g. "a step reads the first weight as the first step left
    // it" (typedInputs.ts fill skipping it). The float32 trainer follows within float32 rounding,
    // and is not the same numbers: it does run in float32.
    const iris = await loadDataset('iris');
    const model = denseModel(4, [
      { units: 5, activation: 'tanh' },
      { units: 3, activation: 'sigmoid' },
    ]);
    const settings = { epochs: 2, batchSize: 16, seed: 4, optimiser: { kind: 'adam', learningRate: 0.05 } } as const;
    const trace = async (engine: 'typed' | 'typed-float64') => {
      const t = createTrainer(model, iris, { ...settings, engine });
      const losses: number[] = [];
      t.onStep((m) => losses.push(m.loss));
      await t.run();
      return { losses, learner: t.learner };
    };
    const [f32, f64run] = [await trace('typed'), await trace('typed-float64')];
    const { learner } = f64run;
    const engine = createTypedEngine(learner.stepProgram, { dtype: 'float64' });
    let carried: ArrayLike<number>[] = [
      ...initialParams(model, 4),
      ...initialState(learner.layout.state, learner.layout.stateInit),
    ];
    const hypers = learner.layout.hypers.map((h) => ({ ...DEFAULT_HYPERS, learningRate: 0.05 })[h]);
    const types = learner.stepProgram.inputs.map((i) => learner.stepProgram.bufferTypes[i]);
    const byHand: number[] = [];
    const views = new BatchViews(iris, 16);
    for (let epoch = 0; epoch < 2; epoch++) {
      for (const rows of views.epoch(4, epoch)) {
        const values = [...carried, ...hypers.map((h) => [h]), rows.features, rows.labels];
        const outs = engine.run(
          values.map((v, i) => f64(v, types[i].batch ? [rows.n, ...types[i].shape] : [...types[i].shape])),
        );
        carried = outs.slice(0, carried.length).map((o) => Float64Array.from(o.data));
        const l = outs[carried.length].data;
        byHand.push(Array.from(l).reduce((a, v) => a + v, 0) / rows.n);
      }
    }
    expect(f64run.losses).toEqual(byHand);
    const worst = Math.max(...f32.losses.map((l, i) => Math.abs(l - byHand[i]) / Math.max(1, Math.abs(byHand[i]))));
    expect(worst).toBeLessThan(1e-4);
    expect(f32.losses).not.toEqual(byHand);
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
