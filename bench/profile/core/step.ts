/**
 * `tsx bench/profile/core/step.ts [--tfjs cpu|wasm] [--filter name]`: µs per learner step of the
 * bench MLPs (Adam) on the runners, and per generator where the typed engine spends a step.
 * Self-contained (src only), so the core's optimisations can be measured before and after.
 */
import '@tensorflow/tfjs-backend-wasm';
import type { LossKind } from '../../../src/compile/types';
import { getGenerator } from '../../../src/core';
import { fullShape, shapeSize } from '../../../src/core/shape';
import { Arena } from '../../../src/engines/arena';
import { type BackendName, startExactly } from '../../../src/engines/backend';
import { createTypedEngine } from '../../../src/engines/typed';
import { TypedKernel } from '../../../src/engines/typedKernel';
import { assembleLearner } from '../../../src/learn/learner';
import { DEFAULT_HYPERS, type OptimiserKind } from '../../../src/learn/optimisers/index';
import { initialParams, initialState } from '../../../src/learn/params';
import { createRunner, type EngineName } from '../../../src/learn/runners/index';
import { denseModel } from '../../../src/testing/models';

const args = process.argv.slice(2);
const opt = (k: string, d: string) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const backend = opt('--tfjs', 'cpu');
const filter = opt('--filter', '');
const optimiser = opt('--opt', 'adam') as OptimiserKind;
const budget = Number(opt('--ms', '600'));

const MLPS = [
  {
    name: '2-16-16-1',
    model: () =>
      denseModel(2, [{ units: 16, activation: 'tanh' }, { units: 16, activation: 'tanh' }, { units: 1 }], 'mse'),
    loss: 'mse' as LossKind,
  },
  {
    name: '784-128-10',
    model: () => denseModel(784, [{ units: 128, activation: 'relu' }, { units: 10 }], 'softmax-cross-entropy'),
    loss: 'softmax-cross-entropy' as LossKind,
  },
];

function rows(nIn: number, nOut: number, n: number) {
  const features = Float32Array.from({ length: n * nIn }, (_, i) => Math.sin(i) * 0.5);
  const labels = new Float32Array(n * nOut);
  for (let i = 0; i < n; i++) labels[i * nOut + (i % nOut)] = 1;
  return { features, labels, n };
}

/** CPU time of this process (user + system), in µs: less hurt than wall time by a shared, loaded machine. */
const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** Best of several rounds of µs (CPU time) per call. */
function usPerStep(f: () => void): number {
  for (let i = 0; i < 3; i++) f();
  let best = Infinity;
  const start = performance.now();
  while (performance.now() - start < budget) {
    const c0 = cpuNow();
    const t0 = performance.now();
    let k = 0;
    while (performance.now() - t0 < budget / 6 || k < 2) {
      f();
      k++;
    }
    best = Math.min(best, (cpuNow() - c0) / k);
  }
  return best;
}

await startExactly(backend as BackendName);
const results: string[] = [];
for (const mlp of MLPS) {
  for (const batch of [1, 32, 256]) {
    const label = `${mlp.name} b${batch}`;
    if (filter && !label.includes(filter)) continue;
    const model = mlp.model();
    const learner = assembleLearner(model, { loss: mlp.loss, optimiser });
    const nIn = model.inputs[0].type.shape[0];
    const nOut = model.outputs[0].type.shape[0];
    const r = rows(nIn, nOut, batch);
    const line = [`${label} (${learner.stepProgram.steps.length} steps)`];
    for (const engine of ['typed', 'tfjs'] as EngineName[]) {
      const runner = createRunner(
        engine,
        learner,
        initialParams(model, 1),
        initialState(learner.layout.state, learner.layout.stateInit),
      );
      runner.setHypers({ ...DEFAULT_HYPERS, learningRate: 0.001 });
      const us = usPerStep(() => {
        const out = runner.step(r);
        if (engine === 'tfjs') void out.loss[0];
      });
      runner.dispose();
      line.push(`${engine === 'tfjs' ? `tfjs-${backend}` : 'typed-f32'} ${us.toFixed(1)} µs`);
    }
    results.push(line.join(' · '));
    console.log(line.join(' · '));
    if (args.includes('--breakdown')) breakdown(learner, r);
  }
}

/** Per generator and per source: the typed engine's time in each step kind over many runs. */
function breakdown(learner: ReturnType<typeof assembleLearner>, r: ReturnType<typeof rows>) {
  const p = learner.stepProgram;
  const engine = createTypedEngine(p, { dtype: 'float32' });
  const gens = p.steps.map((s) => getGenerator(s.gen));
  const ins = p.bufferTypes.map((t) => {
    const shape = fullShape(t, r.n);
    return { shape, data: new Float32Array(shapeSize(shape)).fill(0.1) };
  });
  engine.run(p.inputs.map((b) => ins[b]));
  const bufs = engine.buffers().slice();
  const time = new Map<string, number>();
  const reps = 200;
  p.steps.forEach((s, n) => {
    const inputs = s.inputs.map((b) => bufs[b]!);
    const k = new TypedKernel(new Arena('float32'));
    k.batchSize = r.n;
    const c0 = cpuNow();
    for (let i = 0; i < reps; i++) {
      k.arena.reset();
      gens[n].forward(k, s.config, inputs, s.types);
    }
    const us = (cpuNow() - c0) / reps;
    const key = `${s.gen}${learner.sourceMap.steps[n].part === 'optimiser' ? ' (opt)' : ''}`;
    time.set(key, (time.get(key) ?? 0) + us);
  });
  const total = [...time.values()].reduce((a, b) => a + b, 0);
  console.log(
    `  breakdown (≈${total.toFixed(0)} µs): ${[...time]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([g, us]) => `${g} ${us.toFixed(1)}`)
      .join(', ')}`,
  );
}
