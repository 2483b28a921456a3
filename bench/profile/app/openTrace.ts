/**
 * `tsx bench/profile/app/openTrace.ts [loads=3] --dir built-folder...`: where a cold load's time
 * goes from navigation to the ready canvas, for each build in turn (the app's, the bare page's:
 * bench/suites/barePage): a DevTools trace of each load, and of it the renderer main thread's
 * time by kind of work (wall and the thread's own CPU time, which another process on a busy
 * machine sways less), its idle time, and the GPU process's busy time. The medians per build
 * come last. `--help` prints this.
 */
import { loadavg } from 'node:os';
import { loadExample } from '../../../src/io/examples';
import { type Served, serveAndLaunch } from '../../shared/chromium';
import { median } from '../../shared/measure';
import { freshPage, OPEN_PROBE } from '../../suites/appChromium';
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

/** The kinds a main thread's time is told in; a kind inside another counts as the outer one. */
const KINDS = [
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'FunctionCall',
  'RunMicrotasks',
  'FireAnimationFrame',
  'TimerFire',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'MajorGC',
  'MinorGC',
];

interface Figures {
  ready: number;
  fcp: number;
  wall: Map<string, number>;
  cpu: Map<string, number>;
  /** ms of the main thread in no task, navigation to ready. */
  idle: number;
  gpu: number;
}

function threadOf(events: readonly TraceEvent[], name: string, proc?: string): { pid: number; tid: number }[] {
  const procs = new Map<number, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'process_name') procs.set(e.pid, e.args?.name ?? '');
  return events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === name)
    .filter((e) => proc === undefined || procs.get(e.pid) === proc)
    .map((e) => ({ pid: e.pid, tid: e.tid }));
}

/** Outermost complete events of one thread inside [from, to] (µs), sorted. */
function outer(events: readonly TraceEvent[], t: { pid: number; tid: number }, from: number, to: number) {
  const own = events
    .filter(
      (e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= from && e.ts < to,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return own;
}

function figures(events: readonly TraceEvent[], ready: number, fcp: number): Figures {
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart');
  const mains = threadOf(events, 'CrRendererMain');
  // The page's renderer: the main thread with the most work.
  const weight = (t: { pid: number; tid: number }) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X').length;
  const main = mains.sort((a, b) => weight(b) - weight(a))[0];
  const from = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const to = from + ready * 1000;
  const own = outer(events, main, from, to);
  const wall = new Map<string, number>();
  const cpu = new Map<string, number>();
  let covered = -1;
  let taskUntil = -1;
  let busy = 0;
  for (const e of own) {
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      if (e.ts >= taskUntil) {
        busy += Math.min(e.dur ?? 0, to - e.ts);
        taskUntil = e.ts + (e.dur ?? 0);
      }
      continue;
    }
    if (!KINDS.includes(e.name) || e.ts < covered) continue;
    wall.set(e.name, (wall.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    cpu.set(e.name, (cpu.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
    covered = e.ts + (e.dur ?? 0);
  }
  let gpu = 0;
  for (const t of threadOf(events, 'CrGpuMain')) {
    let until = -1;
    for (const e of outer(events, t, from, to)) {
      if (e.ts < until) continue;
      gpu += (e.dur ?? 0) / 1000;
      until = e.ts + (e.dur ?? 0);
    }
  }
  return { ready, fcp, wall, cpu, idle: ready - busy / 1000, gpu };
}

async function tracedOpen(served: Served, nodes: number, errors: string[]): Promise<Figures> {
  const { page, context } = await freshPage(served, errors);
  try {
    await page.addInitScript(OPEN_PROBE(nodes));
    await served.browser.startTracing(page, { categories: [...TRACE_CATEGORIES, 'toplevel', 'v8', 'gpu'] });
    await page.goto(served.url);
    await page.waitForFunction(
      () => {
        const o = (window as unknown as { __open: { ready: number | null; fcp: number | null } }).__open;
        return o.ready !== null && o.fcp !== null;
      },
      undefined,
      { timeout: 60_000 },
    );
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

const line = (f: Figures) => {
  const kinds = [...f.cpu.entries()]
    .filter(([, v]) => v >= 5)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');
  return `ready ${f.ready.toFixed(0)} ms, fcp ${f.fcp.toFixed(0)}; main thread cpu ${sum(f.cpu).toFixed(0)} (wall ${sum(f.wall).toFixed(0)}), idle ${f.idle.toFixed(0)}; gpu process busy ${f.gpu.toFixed(0)}; cpu by kind: ${kinds}`;
};
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

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
      `${dirs[k]}: median of ${loads}: ready ${m((f) => f.ready)} ms, fcp ${m((f) => f.fcp)}, main thread cpu ${m((f) => sum(f.cpu))}, wall ${m((f) => sum(f.wall))}, idle ${m((f) => f.idle)}, gpu busy ${m((f) => f.gpu)}\n`,
    );
  }
  if (errors.length) process.stdout.write(`page errors:\n  ${errors.join('\n  ')}\n`);
} finally {
  for (const s of served) await s.close();
}
