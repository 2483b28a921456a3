/**
 * `tsx bench/profile/core/compile.ts [n…] [--gc]`: build, rdiff and lower of a σ/tanh chain and a
 * wide diagram of n boxes, each the best of several runs (wall ms), and µs per box — the growth
 * check (bench/README.md) without the rest of the bench suite. `--gc` adds, per phase, the median run
 * and the time the garbage collector spent inside the runs (best run, and over all runs), from
 * `perf_hooks` gc entries (no --expose-gc needed): where best and median part, collections fall
 * inside some runs and not others. On Linux each phase also gives the minor page faults of its
 * best run (from /proc/self/stat): a machine-independent sign of memory mapped afresh per run,
 * which is what made the growth super-linear while diagrams were stored as objects.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { lower, rdiff } from '../../../src/core';
import { chain, wide } from '../../shared/diagrams';

const args = process.argv.slice(2);
const sizes = args.map(Number).filter((n) => n > 0);
const withGc = args.includes('--gc');

const gcs: PerformanceEntry[] = [];
const observer = new PerformanceObserver((list) => {
  gcs.push(...list.getEntries());
});
if (withGc) observer.observe({ entryTypes: ['gc'] });
/** Lets the observer deliver the entries of the runs just made. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Minor page faults of this process so far (0 where /proc is missing). */
const STAT = '/proc/self/stat';
const hasStat = existsSync(STAT);
const minorFaults = () => (hasStat ? Number(readFileSync(STAT, 'utf8').split(') ')[1].split(' ')[7]) : 0);

interface Runs {
  best: number;
  /** Minor page faults in the best run. */
  faults: number;
  median: number;
  /** GC ms inside the best run, and inside all runs. */
  gcBest: number;
  gcAll: number;
  total: number;
}

async function timed<T>(f: () => T, runs: number): Promise<Runs> {
  const spans: [number, number][] = [];
  const faults: number[] = [];
  for (let i = 0; i < runs; i++) {
    const f0 = minorFaults();
    const t0 = performance.now();
    f();
    spans.push([t0, performance.now()]);
    faults.push(minorFaults() - f0);
  }
  await settle();
  const gcIn = ([a, b]: [number, number]) =>
    gcs.reduce((s, e) => s + Math.max(0, Math.min(b, e.startTime + e.duration) - Math.max(a, e.startTime)), 0);
  const times = spans.map(([a, b]) => b - a);
  const bestAt = times.indexOf(Math.min(...times));
  const sorted = [...times].sort((a, b) => a - b);
  return {
    best: times[bestAt],
    faults: faults[bestAt],
    median: sorted[sorted.length >> 1],
    gcBest: gcIn(spans[bestAt]),
    gcAll: spans.reduce((s, span) => s + gcIn(span), 0),
    total: times.reduce((s, t) => s + t, 0),
  };
}

for (const [name, make] of [
  ['chain', chain],
  ['wide', wide],
] as const) {
  for (const n of sizes.length ? sizes : [1000, 10000]) {
    const runs = n >= 10000 ? 5 : 20;
    const build = await timed(() => make(n), runs);
    const d = make(n);
    const rd = await timed(() => rdiff(d), runs);
    const r = rdiff(d);
    const low = await timed(() => lower(r), runs);
    const total = build.best + rd.best + low.best;
    console.log(
      `${name} ${n}: ${total.toFixed(2)} ms (build ${build.best.toFixed(2)} · rdiff ${rd.best.toFixed(2)} · lower ${low.best.toFixed(2)}), ${((1000 * total) / n).toFixed(2)} µs/box` +
        (hasStat ? `; page faults in the best runs ${build.faults} · ${rd.faults} · ${low.faults}` : ''),
    );
    if (withGc)
      for (const [phase, t] of [
        ['build', build],
        ['rdiff', rd],
        ['lower', low],
      ] as const)
        console.log(
          `  ${phase}: median ${t.median.toFixed(2)} ms; GC ${t.gcBest.toFixed(2)} ms in the best run, ${((100 * t.gcAll) / t.total).toFixed(0)}% of all ${runs} runs`,
        );
  }
}
observer.disconnect();
