/**
 * `tsx bench/profile/app/pageOpen.ts [loads=5] [--dir built-folder]...`: the app suite's page-open
 * rows alone — first contentful paint and navigation → ready canvas, each load in a fresh context
 * (a first visit) — with every load's figures, for a change to the first screen measured without
 * the whole suite. Builds the production app unless --dir names a build; with two or more --dir,
 * their loads take turns (a, b, a, b, …), so a machine whose load changes weighs on each alike.
 */
import { loadExample } from '../../../src/io/examples';
import { buildApp, type Served, serveAndLaunch } from '../../shared/chromium';
import { median } from '../../shared/measure';
import { type PageOpen, pageOpen } from '../../suites/appChromium';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log('usage: tsx bench/profile/app/pageOpen.ts [loads=5] [--dir built-folder]...');
  process.exit(0);
}
const loads = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--dir') ?? 5);
const dirs = args.flatMap((a, i) => (args[i - 1] === '--dir' ? [a] : []));
if (dirs.length === 0) dirs.push(await buildApp('lensboard-page-open'));

const served: Served[] = [];
const errors: string[] = [];
try {
  for (const d of dirs) served.push(await serveAndLaunch(d));
  const boxes = loadExample('xor').boxes.length;
  const opens: PageOpen[][] = dirs.map(() => []);
  for (let i = 0; i < loads; i++)
    for (const [k, s] of served.entries()) {
      const o = await pageOpen(s, boxes, errors);
      opens[k].push(o);
      console.log(
        `${dirs[k]} load ${i + 1}: first contentful paint ${o.fcp.toFixed(0)} ms, ready canvas ${o.ready.toFixed(0)} ms (main not busy ${o.busyFalse.toFixed(0)}, DOMContentLoaded ${o.dcl.toFixed(0)}, main bundle ${o.scriptLoaded?.toFixed(0) ?? '–'} ms)`,
      );
    }
  for (const [k, os] of opens.entries())
    console.log(
      `${dirs[k]}: median of ${loads}: first contentful paint ${median(os.map((o) => o.fcp)).toFixed(0)} ms, ready canvas ${median(os.map((o) => o.ready)).toFixed(0)} ms`,
    );
  if (errors.length) console.log(`page errors:\n  ${errors.join('\n  ')}`);
} finally {
  for (const s of served) await s.close();
}
