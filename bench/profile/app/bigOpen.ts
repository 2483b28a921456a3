/**
 * `tsx bench/profile/app/bigOpen.ts [nodes] [out.cpuprofile] [--dir built-folder] [--port N]`: what the
 * page's main thread does while a big ONNX file opens (`bigOnnx` of src/testing/onnxFiles.ts,
 * 10,000 nodes unless given) — the file given to the page's file input of the unminified
 * production app (or of the build in --dir), a CPU profile from then until the page has been
 * quiet for 2 s (served on a free port unless --port is given), its long tasks (PerformanceObserver `longtask`) and the functions by self and
 * total time within each busy stretch of 100 ms or more (../summarise.ts).
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

/**
 * The profile cut where the main thread was idle for 5 ms or more: each busy stretch of 100 ms or
 * more (a long task, give or take the browser's own work), its time from the profile's start.
 */
function busyRuns(profile: Profile): { start: number; duration: number; profile: Profile }[] {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const runs: { start: number; duration: number; profile: Profile }[] = [];
  let t = 0;
  let cur: { start: number; end: number; samples: number[]; timeDeltas: number[] } | null = null;
  let idleSince = 0;
  const close = () => {
    if (cur && cur.end - cur.start >= 100)
      runs.push({ start: cur.start, duration: cur.end - cur.start, profile: { ...profile, ...cur } });
    cur = null;
  };
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    t += dt;
    if (idle.has(id)) {
      if (t - idleSince >= 5) close();
      return;
    }
    idleSince = t;
    cur ??= { start: t, end: t, samples: [], timeDeltas: [] };
    cur.end = t;
    cur.samples.push(id);
    cur.timeDeltas.push(profile.timeDeltas[i] ?? 0);
  });
  close();
  return runs;
}

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log('usage: tsx bench/profile/app/bigOpen.ts [nodes] [out.cpuprofile] [--dir built-folder] [--port N]');
  process.exit(0);
}
const dirAt = args.indexOf('--dir');
const portAt = args.indexOf('--port');
const port = portAt >= 0 ? Number(args[portAt + 1]) : 0;
const isOption = (i: number) => args[i - 1] === '--dir' || args[i - 1] === '--port';
const nodes = Number(args.find((a, i) => /^\d+$/.test(a) && !isOption(i)) ?? 10_000);
const out = args.find((a, i) => a.endsWith('.cpuprofile') && !isOption(i)) ?? '/tmp/lensboard-big-open.cpuprofile';
const dir = dirAt >= 0 ? args[dirAt + 1] : await buildApp('lensboard-big-open-profile', false);
const served = await serveAndLaunch(dir, port);
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
  console.log(
    `long tasks (ms from the file given: duration): ${tasks.map((t) => `${t.start.toFixed(0)}: ${t.duration.toFixed(0)}`).join(', ')}`,
  );
  console.log(summarise(profile, 20));
  for (const run of busyRuns(profile)) {
    console.log(`\n--- busy from ${run.start.toFixed(0)} ms for ${run.duration.toFixed(0)} ms (profile clock)`);
    console.log(summarise(run.profile, 12));
  }
  await context.close();
} finally {
  await served.close();
}
