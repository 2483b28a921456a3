/**
 * `tsx bench/profile-core/compile.ts [n…]`: build, rdiff and lower of a σ/tanh chain and a wide
 * diagram of n boxes, each the best of several runs (wall ms), and µs per box — the growth check
 * of issue 3 §8 without the rest of the bench suite. `--gc` reports time in GC (node --expose-gc not needed).
 */
import { lower, rdiff } from '../../src/core';
import { chain, wide } from '../core.bench';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);

function best<T>(f: () => T, runs: number): number {
  let m = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    m = Math.min(m, performance.now() - t0);
  }
  return m;
}

for (const [name, make] of [
  ['chain', chain],
  ['wide', wide],
] as const) {
  for (const n of sizes.length ? sizes : [1000, 10000]) {
    const runs = n >= 10000 ? 5 : 20;
    const build = best(() => make(n), runs);
    const d = make(n);
    const rd = best(() => rdiff(d), runs);
    const r = rdiff(d);
    const low = best(() => lower(r), runs);
    const total = build + rd + low;
    console.log(
      `${name} ${n}: ${total.toFixed(2)} ms (build ${build.toFixed(2)} · rdiff ${rd.toFixed(2)} · lower ${low.toFixed(2)}), ${((1000 * total) / n).toFixed(2)} µs/box`,
    );
  }
}
