/**
 * `tsx bench/profile/app/compare.ts <rootA> <rootB> [xor|big] [rounds]`: the canvas's frame rate
 * while training, of two checkouts of the app (say the commit before a change and the working
 * tree), in one browser, their gestures interleaved: a round resumes A's run, pans and zooms
 * (the app bench's gesture), pauses it, then does the same on B. On a shared 2-core machine the
 * load moves by tens of percent within a minute; interleaving puts the same load on both sides.
 * Prints each round and the medians. `--help` prints this.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { build } from 'vite';
import { serveStatic } from '../../../src/testing/serveStatic';
import { cacheDir, serveAndLaunch } from '../../shared/chromium';
import { median } from '../../shared/measure';
import { pageRun, panAndZoom } from '../../suites/appChromium';
import { longRun, trainableBigDiagram } from '../../suites/appDocuments';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (process.argv.includes('--help') || args.length < 2) {
  process.stdout.write(
    'tsx bench/profile/app/compare.ts <rootA> <rootB> [xor|big] [rounds=5]: fps while training, A and B interleaved\n',
  );
  process.exit(args.length < 2 && !process.argv.includes('--help') ? 1 : 0);
}
const [rootA, rootB, which = 'xor', rounds = '5'] = args;
const doc = which === 'big' ? trainableBigDiagram(300) : longRun('xor', 100_000);

async function built(root: string, name: string): Promise<string> {
  const outDir = cacheDir(name);
  await build({ root: resolve(root), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

const dirA = await built(rootA, 'lensboard-compare-a');
const dirB = await built(rootB, 'lensboard-compare-b');
const served = await serveAndLaunch(dirA);
const other = await serveStatic(dirB);
const errors: string[] = [];
try {
  const a = await pageRun(served, doc, 'typed', errors);
  const b = await pageRun({ ...served, url: other.url }, doc, 'typed', errors);
  const fps: { a: number[]; b: number[] } = { a: [], b: [] };
  for (const run of [a, b]) {
    await run.resume();
    await run.page.waitForTimeout(2000);
    await panAndZoom(run.page); // warm-up
    await run.pause();
  }
  for (let r = 0; r < Number(rounds); r++) {
    const line: string[] = [];
    for (const [run, key] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      await run.resume();
      await run.page.waitForTimeout(1000);
      const g = await panAndZoom(run.page);
      await run.pause();
      fps[key].push(g.fps);
      line.push(
        `${key.toUpperCase()} ${g.fps.toFixed(1)} frames shown/s (${g.rafFps.toFixed(1)} animation frames; move ${g.moveMs} ms, longest ${g.longestFrameMs.toFixed(0)} ms)`,
      );
    }
    process.stdout.write(`round ${r + 1}: ${line.join('  ')}  load ${loadavg()[0].toFixed(1)}\n`);
  }
  process.stdout.write(
    `median: A ${median(fps.a).toFixed(1)} fps (${rootA}), B ${median(fps.b).toFixed(1)} fps (${rootB}); ${which}\n`,
  );
  await a.close();
  await b.close();
} finally {
  other.server.close();
  await served.close();
  if (errors.length) process.stderr.write(`${errors.join('\n')}\n`);
}
