/**
 * The renderer main thread's time in a DevTools trace, by kind of work: the top-level tasks'
 * children as DevTools names them (script, microtasks, style, layout, pre-paint, paint, …),
 * divided by the number of edits traced, as wall time and as the thread's CPU time (which another
 * process on a busy machine sways less). Used by editPaint.ts --trace.
 */

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc'];

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** The thread's own CPU time in the event: less swayed by another process on a busy machine. */
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** Kinds of work worth naming; everything else inside a task is counted as "other". */
const KINDS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'RunMicrotasks',
  'FireAnimationFrame',
  'TimerFire',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'PaintImage',
  'Layerize',
  'UpdateLayer',
  'Commit',
  'HitTest',
  'ParseHTML',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
]);

export function mainThreadByKind(trace: { traceEvents: readonly TraceEvent[] }, edits: number): string {
  const events = trace.traceEvents;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return '  (no renderer main thread in the trace)';
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind = new Map<string, number>();
  const cpuByKind = new Map<string, number>();
  // Count each event of a named kind once, not again inside another named kind (a layout forced by script counts as script).
  let coveredUntil = -1;
  let tasks = 0;
  let taskCpu = 0;
  for (const e of own) {
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      tasks += e.dur ?? 0;
      taskCpu += e.tdur ?? 0;
      continue;
    }
    if (!KINDS.has(e.name) || e.ts < coveredUntil) continue;
    byKind.set(e.name, (byKind.get(e.name) ?? 0) + (e.dur ?? 0));
    cpuByKind.set(e.name, (cpuByKind.get(e.name) ?? 0) + (e.tdur ?? 0));
    coveredUntil = e.ts + (e.dur ?? 0);
  }
  const rows = [...byKind.entries()].sort((a, b) => b[1] - a[1]);
  const ms = (us: number) => (us / 1000 / edits).toFixed(2).padStart(7);
  return [
    '     wall      cpu',
    ...rows.map(([k, us]) => `  ${ms(us)}  ${ms(cpuByKind.get(k) ?? 0)} ms  ${k}`),
    `  ${ms(tasks)}  ${ms(taskCpu)} ms  all tasks (includes the waits' idle tasks and work not named above)`,
  ].join('\n');
}

/** Busy wall and CPU µs per thread: the outermost complete events only, so nothing counts twice. */
export function perThread(events: readonly TraceEvent[]): { name: string; wall: number; cpu: number }[] {
  const names = new Map<string, string>();
  const procs = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
    if (e.name === 'process_name') procs.set(e.pid, e.args?.name ?? '?');
  }
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const k = `${e.pid}:${e.tid}`;
    const list = byThread.get(k) ?? [];
    if (list.length === 0) byThread.set(k, list);
    list.push(e);
  }
  const rows: { name: string; wall: number; cpu: number }[] = [];
  for (const [k, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let until = -1;
    let wall = 0;
    let cpu = 0;
    for (const e of list) {
      if (e.ts < until) continue;
      wall += e.dur ?? 0;
      cpu += e.tdur ?? 0;
      until = e.ts + (e.dur ?? 0);
    }
    const pid = Number(k.split(':')[0]);
    rows.push({ name: `${procs.get(pid) ?? pid} / ${names.get(k) ?? k}`, wall, cpu });
  }
  return rows.sort((a, b) => b.cpu - a.cpu || b.wall - a.wall);
}
