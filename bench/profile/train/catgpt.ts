/**
 * A profiling target: `node --cpu-prof --import tsx bench/profile/train/catgpt.ts [engine] [steps] [full|tiny]`
 * runs SGD steps of CatGPT (the full configuration by default: batch 64 × context 32) on one
 * engine (typed | typed-float64 | tfjs, with `--backend=cpu|wasm`) and prints ms per step after the first.
 */
import '@tensorflow/tfjs-backend-wasm';
import { type BackendName, startExactly } from '../../../src/engines/backend';
import { catgptStepRun } from '../../shared/catgptRun';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const backend = (process.argv.find((a) => a.startsWith('--backend='))?.slice(10) ?? 'cpu') as BackendName;
const [engine = 'typed', steps = '3', size = 'full'] = args;
await startExactly(backend);
const r = await catgptStepRun(engine as 'typed', Number(steps), size as 'full');
console.log(
  `CatGPT ${size} on ${engine}${engine === 'tfjs' ? `-${backend}` : ''}: ${r.msPerStep.toFixed(0)} ms/step, ${r.cpuMsPerStep.toFixed(0)} ms CPU (${r.steps} steps after the first), loss ${r.loss}`,
);
