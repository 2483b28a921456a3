/**
 * `tsx bench/profile/app/training.ts [xor|big] [out.cpuprofile]`: a CPU profile of the page's main
 * thread while a run trains in its worker and the canvas is panned and zoomed (the app bench's
 * fpsWhileTraining), to read with ../summarise.ts (whose command line runs on import).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { cacheDir, serveAndLaunch } from '../../shared/chromium';
import { pageRun, panAndZoom } from '../../suites/appChromium';
import { longRun, trainableBigDiagram } from '../../suites/appDocuments';

const which = process.argv[2] ?? 'xor';
const out = process.argv[3] ?? `/tmp/lensboard-training-${which}.cpuprofile`;
const doc = which === 'big' ? trainableBigDiagram(300) : longRun('xor', 100_000);
// The app's own Vite config, unminified so the profile names functions and components.
const dir = cacheDir('lensboard-app-profile');
await build({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  logLevel: 'warn',
  build: { outDir: dir, emptyOutDir: true, minify: false },
});
const served = await serveAndLaunch(dir);
const errors: string[] = [];
try {
  const run = await pageRun(served, doc, 'typed', errors);
  await run.resume();
  await run.page.waitForTimeout(2000);
  const cdp = await run.page.context().newCDPSession(run.page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const g = await panAndZoom(run.page);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
  writeFileSync(out, JSON.stringify(profile));
  process.stdout.write(
    `${g.fps.toFixed(1)} frames shown/s (${g.rafFps.toFixed(1)} animation frames/s), ${g.steps} steps in ${g.seconds.toFixed(1)} s\n`,
  );
  process.stdout.write(`wrote ${out}: tsx bench/profile/summarise.ts ${out} 30\n`);
  await run.close();
} finally {
  await served.close();
  if (errors.length) process.stderr.write(`${errors.join('\n')}\n`);
}
