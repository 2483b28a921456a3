/**
 * `tsx bench/profile/app/bigOpen.ts [nodes] [out.cpuprofile] [--dir built-folder]`: what the
 * page's main thread does while a big ONNX file opens (`bigOnnx` of src/testing/onnxFiles.ts,
 * 10,000 nodes unless given) — the file given to the page's file input of the unminified
 * production app (or of the build in --dir), a CPU profile from then until the page has been
 * quiet for 2 s, its long tasks (PerformanceObserver `longtask`) and the functions by self and
 * total time within each task of 100 ms or more (../summarise.ts).
 */
import { writeFileSync } from 'node:fs';
import { OPEN_INPUT_ID } from '../../../src/editor/persist/openFiles';
import { importOnnx } from '../../../src/export/onnx/import/importOnnx';
import { bigOnnx } from '../../../src/testing/onnxFiles';
import { buildApp, serveAndLaunch } from '../../shared/chromium';
import { VIEWPORT } from '../../suites/appChromium';
import { settledOpen } from '../../suites/onnxPage';
import { summarise } from '../summarise';

type Profile = Parameters<typeof summarise>[0] & { startTime: number };

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log('usage: tsx bench/profile/app/bigOpen.ts [nodes] [out.cpuprofile] [--dir built-folder]');
  process.exit(0);
}
const dirAt = args.indexOf('--dir');
const nodes = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--dir') ?? 10_000);
const out =
  args.find((a, i) => a.endsWith('.cpuprofile') && args[i - 1] !== '--dir') ?? '/tmp/lensboard-big-open.cpuprofile';
const dir = dirAt >= 0 ? args[dirAt + 1] : await buildApp('lensboard-big-open-profile', false);
const served = await serveAndLaunch(dir);
try {
  const context = await served.browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${served.url}?debug`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  const bytes = bigOnnx(nodes);
  const imported = importOnnx(bytes, 'big');
  if (!imported.ok) throw new Error(`the file does not import: ${imported.errors[0]?.message}`);
  const boxes = imported.file.diagram.boxes.length;
  const opened = await settledOpen(page, bytes, `#${OPEN_INPUT_ID}`, boxes, async () => {
    await cdp.send('Profiler.start');
  });
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  writeFileSync(out, JSON.stringify(profile));
  const { tasks, ...times } = opened;
  console.log(`${boxes} boxes: ${JSON.stringify(times)}; ${tasks.length} long tasks; profile in ${out}`);
  console.log(summarise(profile, 20));
  // The samples of each long task of 100 ms or more: the profile starts (within a few ms) at the
  // tasks' time 0, the file given to the input.
  for (const task of opened.tasks.filter((t) => t.duration >= 100)) {
    const sub = { ...profile, samples: [] as number[], timeDeltas: [] as number[] };
    let t = profile.startTime;
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas[i] ?? 0;
      const at = (t - profile.startTime) / 1000;
      if (at >= task.start && at <= task.start + task.duration) {
        sub.samples.push(id);
        sub.timeDeltas.push(profile.timeDeltas[i] ?? 0);
      }
    });
    console.log(`\n--- task at ${task.start.toFixed(0)} ms, ${task.duration.toFixed(0)} ms`);
    console.log(summarise(sub, 12));
  }
  await context.close();
} finally {
  await served.close();
}
