/**
 * A trace's arrays are moved to the page, never the ones the run goes on with: after moving
 * them (detaching them, as postMessage does) the next steps are the same as a run that kept
 * everything, on tfjs cpu (whose tensors hold the very arrays they were made from) and on the
 * typed engine.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileDocument } from '../compile/compile';
import { loadExample } from '../io/examples/index';
import { assembleLearner } from './learner';
import { createRunner, type EngineName } from './runners/index';
import { traceTransfer } from './traceTransfer';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const rows = {
  n: 4,
  features: Float32Array.of(0, 0, 0, 1, 1, 0, 1, 1),
  labels: Float32Array.of(1, 0, 0, 1, 0, 1, 1, 0),
};

function xorRunner(engine: EngineName) {
  const model = compileDocument(loadExample('xor'), { requireLoss: true }).model;
  if (!model) throw new Error('xor does not compile');
  const learner = assembleLearner(model, { optimiser: 'adam' });
  const learnt = model.params.map((p, i) =>
    Float32Array.from({ length: p.type.shape.reduce((a, b) => a * b, 1) }, (_, j) => Math.sin(i + j)),
  );
  const state = learner.layout.state.map((t, k) =>
    new Float32Array(t.shape.reduce((a, b) => a * b, 1)).fill(learner.layout.stateInit[k]),
  );
  const runner = createRunner(engine, learner, learnt, state);
  runner.setHypers({ learningRate: 0.03, beta1: 0.9, beta2: 0.999, epsilon: 1e-7, momentum: 0.9 });
  return { runner, learner };
}

describe('moving a trace to the page', () => {
  for (const engine of ['tfjs', 'typed'] as const) {
    it(`${engine}: leaves the run as it was (mutant: the new parameters moved away)`, () => {
      const losses = (move: boolean) => {
        const { runner, learner } = xorRunner(engine);
        runner.step(rows);
        const { trace } = runner.traceStep(rows);
        const list = traceTransfer(trace, learner.stepProgram.outputs);
        if (move) {
          expect(list.length).toBeGreaterThan(learner.stepProgram.nBuffers / 2);
          structuredClone(trace, { transfer: list });
          expect(list.every((b) => b.byteLength === 0)).toBe(true);
        }
        const out = [0, 1, 2].map(() => runner.step(rows).loss[0]);
        runner.dispose();
        return out;
      };
      expect(losses(true)).toEqual(losses(false));
    });
  }

  it('lists each array once and none a kept output shares', () => {
    const shared = new Float32Array(4);
    const own = new Float32Array(2);
    const trace = {
      buffers: [
        { shape: [2], data: shared.subarray(0, 2) },
        { shape: [2], data: shared.subarray(2, 4) },
        { shape: [2], data: own },
        null,
        { shape: [2], data: own },
      ],
    };
    expect(traceTransfer(trace, [0])).toEqual([own.buffer]);
    expect(traceTransfer(trace, [2])).toEqual([shared.buffer]);
  });
});
