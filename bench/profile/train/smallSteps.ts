/**
 * A profiling target for the small end (bench/README.md, "The small end"):
 * `node --cpu-prof --import tsx bench/profile/train/smallSteps.ts [typed|typed-float64] [runs] [steps]`
 * runs the iris-hidden document through the trainer as the `smallsteps` suite does, `runs` whole
 * runs; with `steps` it instead calls the runner's `step` alone over the run's rows that many
 * times (no trainer loop, no metrics), which is where the engine's own overhead shows.
 */
import { batches } from '../../../src/data/dataset';
import { loadExample } from '../../../src/io/examples/index';
import type { StepRunner } from '../../../src/learn/runners/index';
import { openSession } from '../../../src/learn/session';

const [engine = 'typed-float64', runs = '3', steps] = process.argv.slice(2);
if (engine !== 'typed' && engine !== 'typed-float64')
  throw new Error(`smallSteps: engine '${engine}' is not typed or typed-float64`);

for (let r = 0; r < Number(runs); r++) {
  const settings = { engine, evaluateEachEpoch: false } as const;
  const { trainer } = await openSession({ document: loadExample('iris-hidden'), settings });
  try {
    if (steps === undefined) {
      const { seconds } = await trainer.run();
      console.log(`${engine} run ${r}: ${seconds.toFixed(3)} s`);
      continue;
    }
    // the trainer keeps its runner to itself; a profile reaches in
    const runner = (trainer as unknown as { runner: StepRunner }).runner;
    const rows = [...batches(trainer.train, 1, 0, 0)];
    const t0 = performance.now();
    for (let s = 0; s < Number(steps); s++) runner.step(rows[s % rows.length]);
    const ms = performance.now() - t0;
    console.log(
      `${engine} runner.step alone ${r}: ${steps} steps in ${ms.toFixed(0)} ms = ${((1000 * ms) / Number(steps)).toFixed(2)} µs/step`,
    );
  } finally {
    trainer.dispose();
  }
}
