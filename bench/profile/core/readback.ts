/**
 * `tsx bench/profile/core/readback.ts [cpu|wasm]`: µs per tfjs step with the outputs read back
 * every step (`dataSync`) and deferred (`deferred.step`, one async read per 32 steps).
 */
import '@tensorflow/tfjs-backend-wasm';
import { type BackendName, startExactly } from '../../../src/engines/backend';
import { assembleLearner } from '../../../src/learn/learner';
import { DEFAULT_HYPERS } from '../../../src/learn/optimisers/index';
import { initialParams, initialState } from '../../../src/learn/params';
import { createTfjsRunner } from '../../../src/learn/runners/tfjs';
import { denseModel } from '../../../src/testing/models';

const backend = process.argv[2] ?? 'cpu';
await startExactly(backend as BackendName);
const models = {
  '2-16-16-1': () =>
    denseModel(2, [{ units: 16, activation: 'tanh' }, { units: 16, activation: 'tanh' }, { units: 1 }], 'mse'),
  '784-128-10': () => denseModel(784, [{ units: 128, activation: 'relu' }, { units: 10 }], 'softmax-cross-entropy'),
};
for (const [name, make] of Object.entries(models)) {
  for (const n of [1, 32]) {
    const model = make();
    const learner = assembleLearner(model, { optimiser: 'adam' });
    const [nIn, nOut] = [model.inputs[0].type.shape[0], model.outputs[0].type.shape[0]];
    const rows = { features: new Float32Array(n * nIn).fill(0.3), labels: new Float32Array(n * nOut).fill(0.1), n };
    const runner = createTfjsRunner(
      learner,
      initialParams(model, 1),
      initialState(learner.layout.state, learner.layout.stateInit),
    );
    runner.setHypers(DEFAULT_HYPERS);
    const steps = name === '784-128-10' ? 64 : 512;
    const time = async (f: () => Promise<void>) => {
      await f();
      let best = Infinity;
      for (let r = 0; r < 3; r++) {
        const t0 = performance.now();
        await f();
        best = Math.min(best, (1000 * (performance.now() - t0)) / steps);
      }
      return best;
    };
    const sync = await time(async () => {
      for (let i = 0; i < steps; i++) runner.step(rows);
    });
    const deferred = await time(async () => {
      for (let i = 0; i < steps; i++) {
        runner.deferred?.step(rows);
        if ((i + 1) % 32 === 0) await runner.deferred?.read();
      }
      await runner.deferred?.read();
    });
    runner.dispose();
    console.log(
      `${name} b${n} tfjs-${backend}: read every step ${sync.toFixed(0)} µs · deferred (1 read / 32 steps) ${deferred.toFixed(0)} µs`,
    );
  }
}
