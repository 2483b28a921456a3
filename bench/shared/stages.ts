/** Timed stages with the process's peak resident memory in each (suite `bigmodel`). */
import { readFileSync, writeFileSync } from 'node:fs';

/** The kernel's peak resident size of this process since the last reset (Linux). */
function peakRss(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}
function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {}
}

export interface Stage {
  readonly name: string;
  readonly ms: number;
  readonly peak: number;
  /** The resident size when the stage began: what it held before it (the runtime, kept weights). */
  readonly before: number;
}

export async function stage<T>(stages: Stage[], name: string, f: () => Promise<T> | T): Promise<T> {
  global.gc?.();
  resetPeak();
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  const out = await f();
  stages.push({ name, ms: performance.now() - t0, peak: peakRss(), before });
  process.stderr.write(`  ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  return out;
}
