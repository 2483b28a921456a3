/**
 * A step traced by the float32 typed runner (as the worker traces it) holds its own inputs: run
 * again from them in float64, every buffer agrees within float32 rounding — so the e2e oracle
 * reruns the very step the page shows.
 */
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../compile/compile';
import { loadExample } from '../../io/examples/index';
import { assembleLearner } from '../../learn/learner';
import { createRunner } from '../../learn/runners/index';
import { float64Rerun } from './float64Rerun';

describe('a traced step run again in float64', () => {
  it('matches the trace buffer by buffer (mutant: the inputs read after the step moved them)', () => {
    const model = compileDocument(loadExample('xor'), { requireLoss: true }).model;
    if (!model) throw new Error('xor does not compile');
    const learner = assembleLearner(model, { optimiser: 'adam' });
    const size = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
    const learnt = model.params.map((p, i) =>
      Float32Array.from({ length: size(p.type.shape) }, (_, j) => Math.cos(3 * i + j)),
    );
    const state = learner.layout.state.map((t, k) => new Float32Array(size(t.shape)).fill(learner.layout.stateInit[k]));
    const runner = createRunner('typed', learner, learnt, state);
    runner.setHypers({ learningRate: 0.03, beta1: 0.9, beta2: 0.999, epsilon: 1e-7, momentum: 0.9 });
    const rows = {
      n: 4,
      features: Float32Array.of(0.1, 0.9, -0.8, 0.3, 0.5, -0.5, -1, -0.2),
      labels: Float32Array.of(1, 0, 0, 1, 0, 1, 1, 0),
    };
    runner.step(rows);
    runner.step(rows);
    const { trace } = runner.traceStep(rows);
    const again = float64Rerun(learner, trace.buffers);
    let compared = 0;
    trace.buffers.forEach((t, b) => {
      if (!t) return;
      const want = again[b] as Float64Array;
      const scale = Math.max(1, ...Array.from(want, Math.abs));
      t.data.forEach((v, i) => {
        expect(Math.abs(v - want[i]), `buffer ${b}[${i}]`).toBeLessThan(1e-4 * scale);
      });
      compared++;
    });
    expect(compared).toBe(learner.stepProgram.nBuffers);
    runner.dispose();
  });
});
