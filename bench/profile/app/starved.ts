/**
 * `tsx bench/profile/app/starved.ts [xor|big] [gestures]`: how much of the canvas's frame rate
 * while training is the machine's. On one page, the app bench's pan-and-zoom gestures (median
 * fps of `gestures`, after a warm-up one) in four conditions, back to back:
 *   idle      before Play;
 *   hog       before Play, with one process outside the browser spinning a core (what a
 *             training worker takes, with nothing posted to the page);
 *   training  the run training in the page's worker;
 *   no charts the same, with the panel's Dream tab shown instead of the charts;
 *   paused    the run paused.
 * If `hog` costs the frames `training` does, the gap is the cores, not the page's work.
 * `--help` prints this.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { buildApp, serveAndLaunch } from '../../shared/chromium';
import { median } from '../../shared/measure';
import { type Gesture, pageRun, panAndZoom } from '../../suites/appChromium';
import { longRun, trainableBigDiagram } from '../../suites/appDocuments';

if (process.argv.includes('--help')) {
  process.stdout.write(
    'tsx bench/profile/app/starved.ts [xor|big] [gestures=3]: canvas fps idle, beside a spinning process, training, training without charts, paused\n',
  );
  process.exit(0);
}
const which = process.argv[2] ?? 'xor';
const count = Number(process.argv[3] ?? 3);
const doc = which === 'big' ? trainableBigDiagram(300) : longRun('xor', 100_000);

const spin = (): ChildProcess => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });

async function measure(label: string, page: Parameters<typeof panAndZoom>[0]): Promise<void> {
  await panAndZoom(page);
  const gs: Gesture[] = [];
  for (let i = 0; i < count; i++) gs.push(await panAndZoom(page));
  const fps = gs.map((g) => g.fps.toFixed(1)).join(', ');
  process.stdout.write(
    `${label.padEnd(9)} ${median(gs.map((g) => g.fps)).toFixed(1)} frames shown/s (${fps}); animation frames ${median(gs.map((g) => g.rafFps)).toFixed(1)}/s; a move took ${median(gs.map((g) => g.moveMs))} ms; longest frame ${Math.max(...gs.map((g) => g.longestFrameMs)).toFixed(0)} ms; load ${loadavg()[0].toFixed(1)}\n`,
  );
}

const dir = await buildApp('lensboard-app-starved');
const served = await serveAndLaunch(dir);
const errors: string[] = [];
try {
  const run = await pageRun(served, doc, 'typed', errors);
  await run.page.waitForTimeout(1000);
  await measure('idle', run.page);
  const hog = spin();
  try {
    await run.page.waitForTimeout(500);
    await measure('hog', run.page);
  } finally {
    hog.kill();
  }
  await run.resume();
  await run.page.waitForTimeout(2000);
  await measure('training', run.page);
  const tab = (name: string) => run.page.getByRole('tablist', { name: 'Views of the run' }).getByRole('tab', { name });
  await tab('Dream').click();
  await measure('no charts', run.page);
  await tab('Charts').click();
  await run.pause();
  await measure('paused', run.page);
  await run.close();
} finally {
  await served.close();
  if (errors.length) process.stderr.write(`${errors.join('\n')}\n`);
}
