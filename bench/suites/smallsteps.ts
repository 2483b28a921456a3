/**
 * Suite `smallsteps` (Node): the small end, where per-step overhead rules. The paper's Iris
 * hidden run (60,000 batch-1 steps) through Lensboard's trainer on the typed engine, in float64
 * and float32, against the plain hand-written float64 loop of the same arithmetic
 * (../shared/plainIris), from the same weights over the same rows. Whole runs interleave (run r
 * of each before run r + 1 of any), so the machine's load falls on all alike; each row keeps
 * its fastest whole run and notes its first (the JIT still cold) and median. Goal: Lensboard's
 * fastest ≤ 0.5× the plain loop's.
 */
import { loadExample } from '../../src/io/examples/index';
import { openSession } from '../../src/learn/session';
import type { Trainer } from '../../src/learn/trainer';
import { plainIrisTrain } from '../shared/plainIris';
import { plainRunOf } from '../shared/plainIrisRun';
import { type BenchRow, goalNote } from '../shared/table';

export const SMALL_STEPS_GOAL = 0.5;
const EXAMPLE = 'iris-hidden';

type Way = { readonly label: string; readonly run: () => Promise<number> };

async function trainerFor(engine: 'typed' | 'typed-float64', epochs?: number): Promise<Trainer> {
  const settings = { engine, evaluateEachEpoch: false, ...(epochs !== undefined ? { epochs } : {}) };
  return (await openSession({ document: loadExample(EXAMPLE), settings })).trainer;
}

/** Seconds of one whole run through the trainer: its training clock (the compile is not in it). */
const lensboard = (engine: 'typed' | 'typed-float64', epochs?: number) => async () => {
  const trainer = await trainerFor(engine, epochs);
  try {
    return (await trainer.run()).seconds;
  } finally {
    trainer.dispose();
  }
};

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `runs` whole runs of each way, interleaved; `epochs` cuts the document's 400 (tests). */
export async function smallStepsRows(runs: number, epochs?: number): Promise<BenchRow[]> {
  const probe = await trainerFor('typed-float64', epochs);
  const full = probe.settings.epochs;
  const steps = full * probe.train.n;
  const { start, run } = plainRunOf(probe, full);
  probe.dispose();
  const ways: Way[] = [
    {
      label: 'plain float64 loop',
      run: async () => {
        const t0 = performance.now();
        plainIrisTrain(start, run);
        return (performance.now() - t0) / 1000;
      },
    },
    { label: 'Lensboard typed-f64', run: lensboard('typed-float64', epochs) },
    { label: 'Lensboard typed-f32', run: lensboard('typed', epochs) },
  ];
  const seconds: number[][] = ways.map(() => []);
  for (let r = 0; r < runs; r++) for (let w = 0; w < ways.length; w++) seconds[w].push(await ways[w].run());
  const rows = ways.map((way, w): BenchRow & { fastest: number } => {
    const fastest = Math.min(...seconds[w]);
    return {
      suite: 'smallsteps',
      name: `${EXAMPLE} ${full} epochs batch 1 ${way.label}`,
      value: fastest,
      fastest,
      unit: 's',
      note: `fastest of ${runs} whole runs of ${steps} steps (${((1e6 * fastest) / steps).toFixed(2)} µs/step); first ${seconds[w][0].toFixed(3)} s, median ${median(seconds[w]).toFixed(3)} s`,
    };
  });
  const [plain, ...ours] = rows;
  const best = ours.reduce((a, b) => (b.fastest < a.fastest ? b : a));
  const ratio = best.fastest / plain.fastest;
  const firsts = seconds.map((s) => s[0]);
  const firstRatio = Math.min(...firsts.slice(1)) / firsts[0];
  const goal: BenchRow = {
    suite: 'smallsteps',
    name: `${EXAMPLE} fastest Lensboard/plain loop`,
    value: ratio,
    unit: '×',
    note: `${best.name.replace(/^.* batch 1 /, '')} vs the plain loop, fastest runs; first runs (cold JIT) ${firstRatio.toFixed(2)}×; ${goalNote(ratio, SMALL_STEPS_GOAL)}`,
  };
  return [...rows.map(({ fastest: _, ...row }) => row), goal];
}

export async function benchSmallSteps(args: readonly string[]): Promise<BenchRow[]> {
  return smallStepsRows(args.includes('--quick') ? 3 : 7);
}
