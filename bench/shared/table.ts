/**
 * One benchmark row and the table they print as. Rows carry a value and unit; memory, when a
 * row measured it, goes in its own column.
 */
export interface BenchRow {
  readonly suite: string;
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly note?: string;
  /** Peak memory of the row, already formatted (e.g. `rss 210 MB · tf peak 1.3 MB`). */
  readonly memory?: string;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return Math.abs(v) >= 1e4 ? v.toFixed(0) : v.toPrecision(4);
}

export function formatTable(rows: readonly BenchRow[]): string {
  const withMemory = rows.some((r) => r.memory !== undefined);
  const header = ['suite', 'benchmark', 'value', 'unit', ...(withMemory ? ['peak memory'] : []), 'note'];
  const body = rows.map((r) => [
    r.suite,
    r.name,
    formatValue(r.value),
    r.unit,
    ...(withMemory ? [r.memory ?? ''] : []),
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

export const megabytes = (bytes: number): string =>
  bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`;

/** A ratio against a goal, for the note column: `goal ≤ 0.8×: pass`. */
export const goalNote = (ratio: number, goal: number): string =>
  `goal ≤ ${goal}×: ${ratio <= goal ? 'pass' : `MISS by ${(ratio / goal).toFixed(2)}×`}`;
