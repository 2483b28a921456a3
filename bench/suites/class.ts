/**
 * `npm run bench -- class [--students=N] [--seconds=S]`: simulated students on the class server
 * (docs/class.md#the-load-bench), all on 127.0.0.1. The server runs as its own process (`npm run
 * class`); N students (60) each write a report into their room twice a second for S seconds
 * (120), through y-websocket's provider as a page does, and one teacher reads every room; the
 * students run in a process of their own (./classStudents.ts) at niceness 10 (`--students-nice=N`),
 * since each student's page runs on a machine of its own, not on the teacher's. Rows:
 * reports delivered of those sent, p50/p99 latency from a student's write to the teacher's
 * document, the server process's CPU and resident memory (from /proc), and the frame rate of
 * the teacher's page in Chromium showing the board while the reports stream in (the frames the
 * display showed, bench/shared/frames.ts). `--profile=<dir>` builds the app unminified and writes a
 * CPU profile of the teacher's page while the reports stream, summarised on stderr
 * (../profile/app/stageProfile.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import * as Y from 'yjs';
import { roomName } from '../../src/io/classRooms';
import { connect, idOfSecret, type MadeClass, makeClass, synced, teacher } from '../../src/testing/classClient';
import { stageProfiler } from '../profile/app/stageProfile';
import { mainThreadByKind, perThread, TRACE_CATEGORIES, type TraceEvent } from '../profile/editor/traceKinds';
import type { Suite } from '../run';
import { buildApp, serveAndLaunch } from '../shared/chromium';
import { framesShown } from '../shared/frames';
import type { BenchRow } from '../shared/table';
import { type FromStudents, machineNow, type Streamed, type ToStudents } from './classStudentsProtocol';

function flag(args: readonly string[], name: string, fallback: number, max: number): number {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const raw = args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`--${name} must be an integer in [1, ${max}], got '${raw}'`);
  return n;
}

function startServer(data: string, dist: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/class-server/main.ts',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--data',
      data,
      '--dist',
      dist,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      const m = /class server on http:\/\/127\.0\.0\.1:(\d+)/.exec(b.toString());
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => reject(new Error(`the class server exited with ${code}`)));
  });
}

/** CPU seconds (user + system) and resident bytes of a process, from /proc. */
function usage(pid: number): { cpu: number; rss: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rssPages = Number(stat[21]);
  return { cpu: ticks / 100, rss: rssPages * 4096 };
}

interface Students {
  readonly child: ChildProcess;
  /** Each student's secret, from which the room is named. */
  readonly secrets: readonly string[];
  /** The figures of the next stream, sent when it has ended. */
  streamed(): Promise<Streamed>;
}

/** The simulated students (./classStudents.ts) in their own process at niceness `nice`, connected and synced. */
function startStudents(http: string, made: MadeClass, n: number, seconds: number, nice: number): Promise<Students> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/suites/classStudents.ts', http, made.code, String(n), String(seconds)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  if (child.pid !== undefined) setPriority(child.pid, nice);
  const next = (): Promise<FromStudents> =>
    new Promise((resolve, reject) => {
      const failed = (code: number | null) => reject(new Error(`the students' process exited with ${code}`));
      child.once('exit', failed);
      child.once('message', (m: FromStudents) => {
        child.off('exit', failed);
        resolve(m);
      });
    });
  const streamed = async () => {
    const m = await next();
    if (!('streamed' in m)) throw new Error('the students sent something else than their figures');
    return m.streamed;
  };
  return next().then((m) => {
    if (!('ready' in m)) throw new Error('the students did not say they were ready');
    return { child, secrets: m.ready, streamed };
  });
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** Runs `stream` while the board is shown and hidden in turn: animation frames per second in each. */
async function alternating(
  page: Page,
  stream: () => Promise<void>,
  seconds: number,
): Promise<{ shown: number; hidden: number }> {
  await page.evaluate(`(() => {
    const c = (window.__control = { n: 0, on: true });
    const tick = () => { c.n++; if (c.on) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const s = document.createElement('style');
    s.id = 'bench-hide-board';
    document.head.append(s);
  })()`);
  const count = { shown: { n: 0, s: 0 }, hidden: { n: 0, s: 0 } };
  const windows = async () => {
    for (let w = 0; w < 6; w++) {
      const hidden = w % 2 === 1;
      await page.evaluate(
        `document.getElementById('bench-hide-board').textContent = ${JSON.stringify(hidden ? '.live-chart, .live-table-box { display: none !important; }' : '')}`,
      );
      await new Promise((r) => setTimeout(r, 1000));
      const n0 = (await page.evaluate('window.__control.n')) as number;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, (seconds / 6 - 1) * 1000));
      const c = count[hidden ? 'hidden' : 'shown'];
      c.n += ((await page.evaluate('window.__control.n')) as number) - n0;
      c.s += (performance.now() - t0) / 1000;
    }
  };
  await Promise.all([stream(), windows()]);
  await page.evaluate(
    `(() => { window.__control.on = false; document.getElementById('bench-hide-board').textContent = ''; })()`,
  );
  return { shown: count.shown.n / count.shown.s, hidden: count.hidden.n / count.hidden.s };
}

export const benchClass: Suite = async (args) => {
  const n = flag(args, 'students', 60, 200);
  const seconds = flag(args, 'seconds', 120, 600);
  // The students' process's niceness: 10 by default, since in a class each student's page runs on
  // a machine of its own; --students-nice=0 shares the cores with the teacher's page as equals.
  const niceArg = args.find((a) => a.startsWith('--students-nice='));
  const nice = niceArg === undefined ? 10 : Number(niceArg.slice('--students-nice='.length));
  if (!Number.isInteger(nice) || nice < 0 || nice > 19)
    throw new Error(`--students-nice must be an integer in [0, 19], got '${niceArg}'`);
  const profileDir = args.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
  // --threads[=<file>]: the browser's threads while the reports stream, from a trace (kept in <file>).
  const threadsArg = args.find((a) => a === '--threads' || a.startsWith('--threads='));
  const traceThreads = threadsArg !== undefined;
  const traceFile = threadsArg?.startsWith('--threads=') ? threadsArg.slice('--threads='.length) : null;
  const dist = await buildApp(profileDir ? 'bench-class-profiled' : 'bench-class', !profileDir);
  const { child, port } = await startServer(mkdtempSync(join(tmpdir(), 'lensboard-class-bench-')), dist);
  const http = `http://127.0.0.1:${port}`;
  // Chromium only: the app it opens is the class server's, not this static one's.
  const chromium = await serveAndLaunch(dist);
  let students: Students | undefined;
  try {
    const made = await makeClass(http);
    students = await startStudents(http, made, n, seconds, nice);
    const simulated = students;
    // The teacher's connection to each room, in this process: it times each report's way.
    const latencies: number[] = [];
    const seen = new Map<string, number>();
    const watchers = simulated.secrets.map((secret) => {
      const room = roomName({ code: made.code, kind: 'student', student: idOfSecret(secret) });
      const read = new Y.Doc();
      const w = connect(http, room, read, teacher(made));
      const map = read.getMap('student');
      read.on('update', () => {
        const step = map.get('step') as number | undefined;
        const sentAt = map.get('sentAt') as number | undefined;
        if (step === undefined || sentAt === undefined || (seen.get(room) ?? 0) >= step) return;
        seen.set(room, step);
        latencies.push(machineNow() - sentAt);
      });
      return w;
    });
    await Promise.all(watchers.map(synced));
    // The teacher's page, opened by the teacher's link: its panel shows the board of every student.
    const page = await chromium.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${http}/?class=${made.code}&teacher=${made.key}`);
    await page
      .getByRole('table', { name: 'The class' })
      .locator('tbody tr')
      .nth(n - 1)
      .waitFor();
    const before = usage(child.pid ?? 0);
    let peak = before.rss;
    let streamed: Streamed | null = null;
    const stream = async () => {
      const done = simulated.streamed();
      simulated.child.send({ go: true } satisfies ToStudents);
      const watching = setInterval(() => {
        peak = Math.max(peak, usage(child.pid ?? 0).rss);
      }, 500);
      try {
        streamed = await done;
      } finally {
        clearInterval(watching);
      }
      // the last reports' time to arrive
      await new Promise((r) => setTimeout(r, 1000));
    };
    // The same page with nothing arriving, first: on a shared machine the frame rate follows its load.
    const idle = await framesShown(page, () => new Promise((r) => setTimeout(r, 5000)));
    const profiler = await stageProfiler(page, profileDir);
    let threads = '';
    const frames = await profiler.around('teacher page while reports stream', () =>
      framesShown(
        page,
        stream,
        traceThreads
          ? {
              categories: [...TRACE_CATEGORIES, 'toplevel', 'gpu'],
              read: (t) => {
                const events = t.traceEvents as TraceEvent[];
                if (traceFile) writeFileSync(traceFile, JSON.stringify(t));
                const us = seconds * 1e6;
                threads = [
                  `\n=== the browser's threads while the reports stream (${seconds} s), % of the time`,
                  '   wall%   cpu%  thread',
                  ...perThread(events)
                    .slice(0, 14)
                    .map(
                      (r) =>
                        `  ${((100 * r.wall) / us).toFixed(1).padStart(6)} ${((100 * r.cpu) / us).toFixed(1).padStart(6)}  ${r.name}`,
                    ),
                  `the teacher page's main thread by kind, per second:`,
                  mainThreadByKind({ traceEvents: events }, seconds),
                  '',
                ].join('\n');
              },
            }
          : undefined,
      ),
    );
    if (threads) process.stderr.write(threads);
    // A control, with --control: the same stream again, the board's chart and table hidden
    // (display: none, so they are neither laid out nor painted) in every other window of S/6 s,
    // animation frames counted per window; the first second of each window is left out.
    const control = args.includes('--control') ? await alternating(page, stream, seconds) : null;
    const load = `load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
    const shownSteps = await page
      .getByRole('table', { name: 'The class' })
      .locator('tbody tr td:nth-child(3)')
      .allTextContents();
    const after = usage(child.pid ?? 0);
    const got = streamed as Streamed | null;
    if (!got) throw new Error('the students sent no figures');
    for (const w of watchers) w.destroy();
    latencies.sort((a, b) => a - b);
    // A report superseded before the teacher saw it still arrived (the newer one carries it): count steps seen.
    const delivered = [...seen.values()].reduce((a, b) => a + b, 0);
    const { sent, step: t } = got;
    const note = `${n} students × 2 Hz × ${seconds} s, their process at nice ${nice}`;
    const rows: BenchRow[] = [
      ...(control
        ? [
            {
              suite: 'class',
              name: 'control: animation frames, board shown',
              value: control.shown,
              unit: 'fps',
              note: `${note}; a second stream, windows of ${(seconds / 6).toFixed(1)} s alternating; ${load}`,
            },
            {
              suite: 'class',
              name: 'control: animation frames, board hidden',
              value: control.hidden,
              unit: 'fps',
              note: `the same stream, the chart and table display: none in the other windows; ${load}`,
            },
          ]
        : []),
      { suite: 'class', name: 'reports delivered', value: delivered, unit: `of ${sent}`, note },
      { suite: 'class', name: 'latency p50, student → teacher', value: quantile(latencies, 0.5), unit: 'ms', note },
      { suite: 'class', name: 'latency p99, student → teacher', value: quantile(latencies, 0.99), unit: 'ms', note },
      {
        suite: 'class',
        name: 'server CPU',
        value: (100 * (after.cpu - before.cpu)) / seconds,
        unit: '% of a core',
        note,
      },
      {
        suite: 'class',
        name: "simulated students' CPU",
        value: (100 * got.cpuSeconds) / ((control ? 2 : 1) * seconds),
        unit: '% of a core',
        note: `${n} students, one process at nice ${nice}`,
      },
      { suite: 'class', name: 'server memory', value: Math.round(peak / 2 ** 20), unit: 'MB rss (peak)', note },
      {
        suite: 'class',
        name: 'teacher page, frames shown',
        value: frames.fps,
        unit: 'fps',
        note: `${note}; goal ≥ 30; animation frames ${frames.rafFps.toFixed(0)}/s, longest gap ${frames.longestFrameMs.toFixed(0)} ms; ${load}`,
      },
      {
        suite: 'class',
        name: 'teacher page, frames shown, nothing arriving',
        value: idle.fps,
        unit: 'fps',
        note: `the same page for 5 s before the reports; animation frames ${idle.rafFps.toFixed(0)}/s; ${load}`,
      },
      {
        suite: 'class',
        name: 'teacher page, students at the last step',
        value: shownSteps.filter((x) => x === String(t)).length,
        unit: `of ${n}`,
        note,
      },
    ];
    return rows;
  } finally {
    students?.child.disconnect();
    await chromium.close();
    child.kill('SIGTERM');
  }
};
