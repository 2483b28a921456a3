/** The printout: per-seed lines, per-epoch lines, and the tally against the paper's figures. */
import type { Experiment } from './catalog';
import type { EpochLine, SeedResult } from './runs';

const fmt = (x: number | null | undefined, digits = 4) => (x === null || x === undefined ? '—' : x.toFixed(digits));

export const THRESHOLDS = [0.96, 0.98] as const;

export function seedLine(r: SeedResult): string {
  const rate = r.seconds > 0 ? Math.round(r.steps / r.seconds) : 0;
  const test = r.test ? `  test acc ${fmt(r.test.accuracy)}` : '';
  return `seed ${String(r.seed).padStart(3)}  train acc ${fmt(r.train.accuracy)}  loss ${fmt(r.train.loss, 5)}${test}  ${r.steps} steps in ${r.seconds.toFixed(1)} s (${rate} steps/s)`;
}

export function epochLine(e: EpochLine): string {
  const n = String(e.of).length;
  const test = e.test ? `  test acc ${fmt(e.test.accuracy)}  test loss ${fmt(e.test.loss)}` : '';
  const rate = e.stepsPerSecond === null ? '—' : Math.round(e.stepsPerSecond);
  return `  epoch ${String(e.epoch + 1).padStart(n)}/${e.of}  running loss ${fmt(e.running.loss)}  running acc ${fmt(e.running.accuracy)}${test}  ${rate} steps/s`;
}

/** How many seeds reach each threshold, and whether the paper's figures are met (scaled to the seeds run). */
export function tally(exp: Experiment, results: readonly SeedResult[]): string[] {
  const accs = results.map((r) => (exp.report === 'train' ? r.train.accuracy : r.test?.accuracy) ?? 0);
  const what = exp.report === 'train' ? 'training' : 'final test';
  const lines =
    exp.report === 'train'
      ? THRESHOLDS.map((t) => `reach ${t}: ${accs.filter((a) => a >= t - 1e-9).length}/${accs.length} seeds`)
      : [];
  for (const target of exp.targets) {
    const reached = accs.filter((a) => a >= target.accuracy - 1e-9).length;
    const needed = Math.ceil((target.seedsOutOfTen / 10) * accs.length);
    const verdict = reached >= needed ? 'met' : 'MISSED';
    lines.push(
      `paper's code: ${target.accuracy} on ${target.seedsOutOfTen}/10 seeds → here ${reached}/${accs.length} (need ${needed}): ${verdict}`,
    );
  }
  const mean = accs.reduce((s, a) => s + a, 0) / Math.max(1, accs.length);
  lines.push(`${what} accuracy: mean ${fmt(mean)}, min ${fmt(Math.min(...accs))}, max ${fmt(Math.max(...accs))}`);
  return lines;
}
