/**
 * `node --expose-gc --max-semi-space-size=512 --import tsx bench/profile/core/alloc.ts`: bytes
 * allocated by one build, rdiff and lower of a 1,000- and a 10,000-box chain (heap growth with
 * no collection in between) and their CPU time — figures a loaded, shared machine does not blur.
 */
import { lower, rdiff } from '../../../src/core';
import { chain } from '../../shared/diagrams';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const used = () => process.memoryUsage().heapUsed;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function measure<T>(f: () => T): { mb: number; ms: number } {
  let best = { mb: Infinity, ms: Infinity };
  for (let k = 0; k < 5; k++) {
    gc?.();
    const [m0, c0] = [used(), cpu()];
    f();
    const r = { mb: (used() - m0) / 2 ** 20, ms: cpu() - c0 };
    best = { mb: Math.min(best.mb, r.mb), ms: Math.min(best.ms, r.ms) };
  }
  return best;
}

for (const n of [1000, 10000]) {
  const d = chain(n);
  const r = rdiff(d);
  const parts = { build: measure(() => chain(n)), rdiff: measure(() => rdiff(d)), lower: measure(() => lower(r)) };
  const line = Object.entries(parts).map(([k, v]) => `${k} ${v.mb.toFixed(1)} MB ${v.ms.toFixed(1)} ms`);
  console.log(`chain ${n}: ${line.join(' · ')}`);
}
