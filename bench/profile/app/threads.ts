/**
 * `tsx bench/profile/app/threads.ts [xor|big] [idle|training]`: where the CPU goes while the
 * canvas is panned and zoomed. A DevTools trace of one of the app bench's gestures, summed per
 * thread (each process's main thread, compositor, raster workers, the GPU process, the training
 * worker): each thread's busy wall time and CPU time over the gesture, as a share of the
 * gesture, and the renderer main thread's time by kind of work. On two cores a thread near 100%
 * CPU, or threads summing near 200%, is what holds the frames back. `--help` prints this.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { buildApp, serveAndLaunch } from '../../shared/chromium';
import { pageRun, panAndZoom } from '../../suites/appChromium';
import { longRun, trainableBigDiagram } from '../../suites/appDocuments';
import { mainThreadByKind, perThread, TRACE_CATEGORIES, type TraceEvent } from '../editor/traceKinds';

if (process.argv.includes('--help')) {
  process.stdout.write(
    'tsx bench/profile/app/threads.ts [xor|big] [idle|training]: busy time per browser thread over one pan-and-zoom gesture\n',
  );
  process.exit(0);
}
const which = process.argv[2] ?? 'big';
const when = process.argv[3] ?? 'training';
if (!['xor', 'big'].includes(which) || !['idle', 'training'].includes(when)) {
  process.stderr.write('usage: tsx bench/profile/app/threads.ts [xor|big] [idle|training]\n');
  process.exit(2);
}
const doc = which === 'big' ? trainableBigDiagram(300) : longRun('xor', 100_000);

const served = await serveAndLaunch(await buildApp('lensboard-app-threads'));
const errors: string[] = [];
try {
  const run = await pageRun(served, doc, 'typed', errors);
  await run.page.waitForTimeout(1000);
  await panAndZoom(run.page);
  if (when === 'training') {
    await run.resume();
    await run.page.waitForTimeout(2000);
    await panAndZoom(run.page);
  }
  const path = `/tmp/lensboard-threads-${which}-${when}.json`;
  let trace: { traceEvents: TraceEvent[] } = { traceEvents: [] };
  const g = await panAndZoom(run.page, {
    categories: [...TRACE_CATEGORIES, 'toplevel', 'gpu', 'disabled-by-default-cc.debug.scheduler.frames'],
    read: (t) => {
      trace = t as typeof trace;
      writeFileSync(path, JSON.stringify(t));
    },
  });
  const us = g.seconds * 1e6;
  process.stdout.write(
    `${which}, ${when}: ${g.fps.toFixed(1)} frames shown/s (${g.rafFps.toFixed(1)} animation frames/s), ${g.moves} moves + ${g.wheels} wheel steps in ${g.seconds.toFixed(1)} s, a move took ${g.moveMs} ms, ${g.steps} steps; load ${loadavg()[0].toFixed(1)}\n`,
  );
  process.stdout.write('   wall%   cpu%  thread\n');
  for (const r of perThread(trace.traceEvents).slice(0, 14))
    process.stdout.write(
      `  ${((100 * r.wall) / us).toFixed(1).padStart(6)} ${((100 * r.cpu) / us).toFixed(1).padStart(6)}  ${r.name}\n`,
    );
  const frames = g.moves + g.wheels;
  process.stdout.write(`renderer main thread by kind, per input event (${frames}):\n`);
  process.stdout.write(`${mainThreadByKind(trace, frames)}\n`);
  process.stdout.write(`trace: ${path}\n`);
  await run.close();
} finally {
  await served.close();
  if (errors.length) process.stderr.write(`${errors.join('\n')}\n`);
}
