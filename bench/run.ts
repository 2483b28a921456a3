/**
 * `npm run bench [-- suite…]`: runs the benchmark suites and prints one table. Each row is
 * measured in this run, side by side with the peers it is compared to; ratios are computed
 * from those same measurements, never from numbers kept elsewhere.
 */
import { cpus, totalmem } from 'node:os';

export interface BenchRow {
  readonly suite: string;
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly note?: string;
}

export type Suite = (args: readonly string[]) => Promise<BenchRow[]>;

const suites: Record<string, () => Promise<Suite>> = {};

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['suite', 'benchmark', 'value', 'unit', 'note'];
  const body = rows.map((r) => [r.suite, r.name, r.value.toPrecision(4), r.unit, r.note ?? '']);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const names = wanted.length > 0 ? wanted : Object.keys(suites);
  const unknown = names.filter((n) => !(n in suites));
  if (unknown.length > 0)
    throw new Error(
      `unknown bench suite ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ') || '(none yet)'}`,
    );
  console.log(
    `# Lensboard benchmarks — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  const rows: BenchRow[] = [];
  for (const name of names) {
    const suite = await suites[name]();
    rows.push(...(await suite(process.argv.slice(2))));
  }
  console.log(formatTable(rows));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
