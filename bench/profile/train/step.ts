/**
 * A profiling target: `node --cpu-prof --import tsx bench/profile/train/step.ts <impl> <mlp> <batch> <steps> [backend]`
 * runs one implementation's steps in a loop and nothing else, so `--cpu-prof` sees only them.
 * impl: compiled-typed | compiled-tfjs | tfjs-layers | variableGrads; mlp: 2-16-16-1 | 784-128-10.
 */
import '@tensorflow/tfjs-backend-wasm';
import { type BackendName, startExactly } from '../../../src/engines/backend';
import { makeCompiled } from '../../../src/testing/compiledTrainer';
import { initialWeights, mlpName, syntheticBatch } from '../../../src/testing/mlpSpec';
import { MLPS, PEERS } from '../../shared/mlpRows';

const [impl = 'compiled-typed', mlp = '2-16-16-1', batchArg = '1', stepsArg = '20000', backend = 'cpu'] =
  process.argv.slice(2);
const shape = MLPS.find((m) => mlpName(m) === mlp);
if (!shape) throw new Error(`unknown mlp ${mlp}`);
const spec = { ...shape, batch: Number(batchArg) };
await startExactly(backend as BackendName);
const make =
  impl === 'compiled-typed'
    ? makeCompiled('typed-f32')
    : impl === 'compiled-tfjs'
      ? makeCompiled('tfjs')
      : PEERS.find((p) => p.name === impl)?.make;
if (!make) throw new Error(`unknown impl ${impl}`);
const trainer = make(spec, initialWeights(spec, 1), syntheticBatch(spec, 1));
const t0 = performance.now();
const steps = Number(stepsArg);
let loss = 0;
for (let i = 0; i < steps; i++) loss = await trainer.step();
const ms = performance.now() - t0;
trainer.dispose();
console.log(
  `${impl} ${mlp} b${spec.batch} ${backend}: ${((1000 * ms) / steps).toFixed(1)} µs/step over ${steps} steps, loss ${loss}`,
);
