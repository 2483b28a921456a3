/**
 * A profiling target: `node --cpu-prof --import tsx bench/profile/train/iris.ts [engine] [epochs]` runs
 * the iris-hidden document through the learn trainer (as the `iris` bench suite does), nothing else.
 */
import { startEngine } from '../../../src/cli/engine';
import { compiledIrisRun } from '../../shared/irisRun';

const [engine = 'typed', epochs = '400'] = process.argv.slice(2);
const r = await compiledIrisRun(await startEngine(engine as 'typed'), Number(epochs));
console.log(
  `${engine}: ${r.steps} steps in ${r.seconds.toFixed(2)} s = ${((1e6 * r.seconds) / r.steps).toFixed(1)} µs/step, train acc ${r.accuracy}`,
);
