/**
 * `npm run bench [-- suite…] [--quick]`: runs the benchmark suites and prints one table. Each
 * row is measured in this run, side by side with the peers it is compared to; ratios are
 * computed from those same measurements, never from numbers kept elsewhere.
 */
import { cpus, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import { type BenchRow, formatTable } from './shared/table';

export type Suite = (args: readonly string[]) => Promise<BenchRow[]>;

/** Each suite is `suites/<name>.ts`, loaded only when it runs (webgl, editor and app start Chromium). */
const suites: Record<string, () => Promise<Suite>> = {
  mlp: async () => (await import('./suites/mlp')).benchMlp,
  iris: async () => (await import('./suites/iris')).benchIris,
  smallsteps: async () => (await import('./suites/smallsteps')).benchSmallSteps,
  webgl: async () => (await import('./suites/webgl')).benchWebgl,
  core: async () => (await import('./suites/core')).benchCore,
  editor: async () => (await import('./suites/editor')).benchEditor,
  animation: async () => (await import('./suites/animation')).benchAnimation,
  app: async () => (await import('./suites/app')).benchApp,
  onnx: async () => (await import('./suites/onnx')).benchOnnx,
  class: async () => (await import('./suites/class')).benchClass,
  bigmodel: async () => (await import('./suites/bigmodel')).benchBigModel,
  'bigmodel-chromium': async () => (await import('./suites/bigmodelChromium')).benchBigModelChromium,
  catgpt: async () => (await import('./suites/catgpt')).benchCatgpt,
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const wanted = args.filter((a) => !a.startsWith('--'));
  // bigmodel (minutes and gigabytes) and catgpt (minutes of a 2.7 M-parameter transformer) run only when named
  const names =
    wanted.length > 0
      ? wanted
      : Object.keys(suites).filter((n) => !['bigmodel', 'bigmodel-chromium', 'catgpt'].includes(n));
  const unknown = names.filter((n) => !(n in suites));
  if (unknown.length > 0)
    throw new Error(`unknown bench suite ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ')}`);
  console.log(
    `# Lensboard benchmarks — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; \`npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}\``,
  );
  const rows: BenchRow[] = [];
  const t0 = performance.now();
  for (const name of names) {
    process.stderr.write(`suite ${name}…\n`);
    const suite = await suites[name]();
    rows.push(...(await suite(args)));
  }
  console.log(formatTable(rows));
  console.log(`\n(${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      process.exit(1);
    },
  );
}
