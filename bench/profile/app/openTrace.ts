/**
 * `tsx bench/profile/app/openTrace.ts [loads=3] --dir built-folder...`: where a cold load's time
 * goes from navigation to the ready canvas, for each build in turn (the app's, the bare page's:
 * bench/suites/barePage): a DevTools trace of each load, and of it the page's main thread's
 * busy time, its longest stretch without a task (waiting on IndexedDB or on a frame), its longest
 * tasks and what they mostly did, and the GPU process's frame swaps (on SwiftShader a swap waits
 * for the frame's raster and compositing to run on the CPU); and what a busy machine sways less:
 * the main thread's own CPU time, the frames swapped, the elements styled and the layout objects
 * laid out. The medians per build come last.
 * `--help` prints this.
 */
import { loadavg } from 'node:os';
import { loadExample } from '../../../src/io/examples';
import { type Served, serveAndLaunch } from '../../shared/chromium';
import { median } from '../../shared/measure';
import { freshPage, OPEN_PROBE, openProbed } from '../../suites/appChromium';
import { TRACE_CATEGORIES, type TraceEvent } from '../editor/traceKinds';

const args = process.argv.slice(2);
const usage = 'usage: tsx bench/profile/app/openTrace.ts [loads=3] --dir built-folder [--dir built-folder]...';
if (args.includes('--help')) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const loads = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--dir') ?? 3);
const dirs = args.flatMap((a, i) => (args[i - 1] === '--dir' ? [a] : []));
if (dirs.length === 0 || !(loads > 0)) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

interface Figures {
  ready: number;
  fcp: number;
  /** ms the page's main thread ran tasks, navigation to ready, and the longest stretch it ran none. */
  busy: number;
  longestIdle: number;
  /** ms in the longest tasks' biggest parts, as the trace names them. */
  long: string;
  /** ms the GPU process's main thread spent swapping frames (raster and compositing finished, on SwiftShader read back), and its longest swap. */
  swaps: number;
  longestSwap: number;
  /**
   * What a busy machine does not sway: the main thread's own CPU time in its tasks (ms), the
   * frames the GPU process swapped, the elements whose style was computed and the layout objects
   * laid out, all from navigation to the ready canvas.
   */
  cpu: number;
  frames: number;
  styled: number;
  laidOut: number;
}

/** The trace's own figures of a style pass and a layout (devtools.timeline). */
interface WorkArgs {
  readonly elementCount?: number;
  readonly beginData?: { readonly dirtyObjects?: number };
}
const work = (e: TraceEvent) => (e.args ?? {}) as WorkArgs;

const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
const ms = (us: number) => us / 1000;

function figures(events: readonly TraceEvent[], ready: number, fcp: number): Figures {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(key(e), e.args?.name ?? '');
  // The page's main thread is the one that evaluated its modules; navigation starts its clock.
  const main = events.find((e) => e.name === 'v8.evaluateModule' && names.get(key(e)) === 'CrRendererMain');
  const nav = events.find((e) => e.name === 'navigationStart' && main && e.pid === main.pid);
  if (!main || !nav) throw new Error('the trace has no module evaluation or navigation of the page');
  const from = nav.ts;
  const to = from + ready * 1000;
  const tasks = events
    .filter((e) => key(e) === key(main) && e.name === 'RunTask' && e.ph === 'X' && e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts);
  let busy = 0;
  let cpu = 0;
  let until = from;
  let longestIdle = 0;
  for (const t of tasks) {
    if (t.ts < until) continue;
    longestIdle = Math.max(longestIdle, t.ts - until);
    busy += Math.min(t.dur ?? 0, to - t.ts);
    cpu += t.tdur ?? 0;
    until = t.ts + (t.dur ?? 0);
  }
  longestIdle = Math.max(longestIdle, to - until);
  const inner =
    /RunTask|ThreadController|mojo|SimpleWatcher|Microtask|AsyncTask|ScriptRunner|ExecuteScript|NotifyScriptLoaded/;
  const long = [...tasks]
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 5)
    .map((t) => {
      const part = events
        .filter((e) => key(e) === key(main) && e.ph === 'X' && e !== t && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0))
        .filter((e) => !inner.test(e.name))
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
      return `${ms(t.dur ?? 0).toFixed(0)} at ${ms(t.ts - from).toFixed(0)} (${part?.name ?? '?'})`;
    })
    .join(', ');
  const swaps = events.filter(
    (e) => e.name === 'SkiaOutputSurfaceImplOnGpu::SwapBuffers' && e.ph === 'X' && e.ts >= from && e.ts < to,
  );
  const onMain = events.filter((e) => key(e) === key(main) && e.ph === 'X' && e.ts >= from && e.ts < to);
  const styled = onMain
    .filter((e) => e.name === 'UpdateLayoutTree')
    .reduce((a, e) => a + (work(e).elementCount ?? 0), 0);
  const laidOut = onMain
    .filter((e) => e.name === 'Layout')
    .reduce((a, e) => a + (work(e).beginData?.dirtyObjects ?? 0), 0);
  return {
    cpu: ms(cpu),
    frames: swaps.length,
    styled,
    laidOut,
    ready,
    fcp,
    busy: ms(busy),
    longestIdle: ms(longestIdle),
    long,
    swaps: ms(swaps.reduce((a, e) => a + (e.dur ?? 0), 0)),
    longestSwap: ms(Math.max(0, ...swaps.map((e) => e.dur ?? 0))),
  };
}

async function tracedOpen(served: Served, nodes: number, errors: string[]): Promise<Figures> {
  const { page, context } = await freshPage(served, errors);
  try {
    await page.addInitScript(OPEN_PROBE(nodes));
    await served.browser.startTracing(page, {
      categories: [...TRACE_CATEGORIES, 'toplevel', 'v8', 'gpu', 'viz', 'blink.user_timing', 'loading'],
    });
    await page.goto(served.url);
    await openProbed(page);
    const trace = JSON.parse((await served.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const o = (await page.evaluate(() => (window as unknown as { __open: { ready: number; fcp: number } }).__open)) as {
      ready: number;
      fcp: number;
    };
    return figures(trace.traceEvents, o.ready, o.fcp);
  } finally {
    await context.close();
  }
}

const line = (f: Figures) =>
  `ready ${f.ready.toFixed(0)} ms, fcp ${f.fcp.toFixed(0)}; main thread busy ${f.busy.toFixed(0)}, longest idle ${f.longestIdle.toFixed(0)}; GPU swaps ${f.swaps.toFixed(0)} (longest ${f.longestSwap.toFixed(0)}); main thread CPU ${f.cpu.toFixed(0)} ms, ${f.frames} frames swapped, ${f.styled} elements styled, ${f.laidOut} objects laid out; longest tasks: ${f.long}`;

const nodes = loadExample('xor').boxes.length;
const errors: string[] = [];
const served: Served[] = [];
try {
  for (const d of dirs) served.push(await serveAndLaunch(d));
  const all: Figures[][] = dirs.map(() => []);
  for (let i = 0; i < loads; i++)
    for (const [k, s] of served.entries()) {
      const f = await tracedOpen(s, nodes, errors);
      all[k].push(f);
      process.stdout.write(`${dirs[k]} load ${i + 1} (load average ${loadavg()[0].toFixed(1)}): ${line(f)}\n`);
    }
  for (const [k, fs] of all.entries()) {
    const m = (get: (f: Figures) => number) => median(fs.map(get)).toFixed(0);
    process.stdout.write(
      `${dirs[k]}: median of ${loads}: ready ${m((f) => f.ready)} ms, fcp ${m((f) => f.fcp)}, main thread busy ${m((f) => f.busy)}, longest idle ${m((f) => f.longestIdle)}, GPU swaps ${m((f) => f.swaps)} (longest ${m((f) => f.longestSwap)}); main thread CPU ${m((f) => f.cpu)} ms, ${m((f) => f.frames)} frames swapped, ${m((f) => f.styled)} elements styled, ${m((f) => f.laidOut)} objects laid out\n`,
    );
  }
  if (errors.length) process.stdout.write(`page errors:\n  ${errors.join('\n  ')}\n`);
} finally {
  for (const s of served) await s.close();
}
