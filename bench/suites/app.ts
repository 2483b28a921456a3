/**
 * Suite `app`: the production app in Chromium (SwiftShader, the project's flags), as a user
 * meets it — how fast the page opens (navigation to a ready canvas and first contentful paint,
 * each against a bare page of React and React Flow drawing the same boxes, loaded in turn with
 * it; the main bundle's gzipped size), how long Play takes to draw the first point of a cold XOR run on
 * Auto, how fast the training worker trains against the same document trained headless in Node
 * on the same engine (XOR on the typed engine, the MNIST MLP on tfjs wasm; their windows
 * interleave, as the mlp suite's do), and the canvas's frame rate while it is panned and zoomed
 * during training. Goals in bench/README.md; every row notes the load average it ran under.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type CliEngine, startEngine } from '../../src/cli/engine';
import { loadDatasetNode } from '../../src/data/catalogNode';
import type { LensDocument } from '../../src/io/document';
import { loadExample } from '../../src/io/examples';
import { openSession } from '../../src/learn/session';
import { buildApp, buildPage, serveAndLaunch } from '../shared/chromium';
import { median } from '../shared/measure';
import type { BenchRow } from '../shared/table';
import { fpsWhileTraining, type Gesture, pageOpen, pageRun, playToFirstPoint, type Steerable } from './appChromium';
import { longRun, trainableBigDiagram } from './appDocuments';

const load = () => `load ${loadavg()[0].toFixed(1)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const list = (xs: readonly number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(', ');

export const atMost = (v: number, goal: number, unit: string): string =>
  `goal ≤ ${goal} ${unit}: ${v <= goal ? 'pass' : `MISS by ${(v / goal).toFixed(2)}×`}`;
export const atLeast = (v: number, goal: number, unit: string): string =>
  `goal ≥ ${goal}${unit}: ${v >= goal ? 'pass' : `MISS by ${(goal / v).toFixed(2)}×`}`;

// ---- The main bundle ------------------------------------------------------------------------

export interface BundleSize {
  readonly entry: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Everything index.html loads before the app runs: the entry, its module preloads, its CSS. */
  readonly initialGzipBytes: number;
}

/** The entry script index.html loads (the main bundle) and what else it loads at once, gzipped (-9). */
export function bundleSize(dir: string): BundleSize {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${dir}/index.html loads no module script`);
  const others = [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]);
  const gz = (file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  const gzipBytes = gz(entry);
  return {
    entry,
    bytes: readFileSync(join(dir, entry)).length,
    gzipBytes,
    initialGzipBytes: others.reduce((sum, f) => sum + gz(f), gzipBytes),
  };
}

// ---- Headless runs, steered like the page's --------------------------------------------------

/** `doc` trained in this process as `npm run train` trains it, paused until the first resume. */
export async function headlessRun(doc: LensDocument, engine: CliEngine): Promise<Steerable & { engine: string }> {
  const name = await startEngine(engine);
  const { trainer } = await openSession({ document: doc, settings: { engine: name } }, loadDatasetNode);
  let steps = 0;
  trainer.onStep((m) => {
    steps = m.step;
  });
  let parked: (() => void) | null = null;
  trainer.onStatus((s) => {
    if (s.status === 'paused') parked?.();
  });
  const pause = () =>
    new Promise<void>((resolve) => {
      parked = resolve;
      trainer.pause();
    });
  const paused = pause();
  const done = trainer.run();
  await paused;
  return {
    engine: trainer.engine,
    async resume() {
      trainer.resume();
    },
    pause,
    async window(ms) {
      const [s0, t0] = [steps, performance.now()];
      await sleep(ms);
      return { steps: steps - s0, ms: performance.now() - t0 };
    },
    async close() {
      trainer.stop();
      await done;
      trainer.dispose();
    },
  };
}

export interface Interleaving {
  readonly warmupMs: number;
  readonly windows: number;
  readonly windowMs: number;
  /** Running before a window starts, after a resume. */
  readonly settleMs: number;
}

/**
 * Each run warms up, then their windows interleave — window w of each before window w+1 of any,
 * the others paused meanwhile — so a change in the machine's load falls on all of them alike.
 * Steps per second of each run: all its windows' steps over all their time.
 */
export async function interleave(
  runs: readonly Steerable[],
  o: Interleaving,
): Promise<{ stepsPerSecond: number; windows: number[] }[]> {
  for (const r of runs) {
    await r.resume();
    await sleep(o.warmupMs);
    await r.pause();
  }
  const got = runs.map(() => ({ steps: 0, ms: 0, windows: [] as number[] }));
  for (let w = 0; w < o.windows; w++) {
    for (let i = 0; i < runs.length; i++) {
      await runs[i].resume();
      await sleep(o.settleMs);
      const { steps, ms } = await runs[i].window(o.windowMs);
      await runs[i].pause();
      got[i].steps += steps;
      got[i].ms += ms;
      got[i].windows.push((1000 * steps) / ms);
    }
  }
  return got.map((g) => ({ stepsPerSecond: (1000 * g.steps) / g.ms, windows: g.windows }));
}

// ---- The suite ------------------------------------------------------------------------------

const row = (name: string, value: number, unit: string, note: string): BenchRow => ({
  suite: 'app',
  name,
  value,
  unit,
  note: `${note}; ${load()}`,
});

const GOALS = {
  readyMs: 1000,
  fcpMs: 500,
  bundleKb: 300,
  firstPointMs: 1000,
  ratio: 0.9,
  fps: 50,
  /** Against the bare React Flow page (barePage/), in the same run: absolute times do not travel between machines. */
  readyOverBare: 1.5,
  fcpOverBare: 1.2,
};
const BIG = 300;

/** The suite's parts, for `--only=<part,…>`: each measures back to back with its peers. */
export const APP_PARTS = ['open', 'play', 'xor', 'mnist', 'fps-xor', 'fps-big'] as const;
export type AppPart = (typeof APP_PARTS)[number];

export function parseOnly(args: readonly string[]): ReadonlySet<AppPart> {
  const only = args.find((a) => a.startsWith('--only='));
  if (!only) return new Set(APP_PARTS);
  const parts = only.slice('--only='.length).split(',');
  const unknown = parts.filter((p) => !(APP_PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`app: unknown part ${unknown.join(', ')}; known: ${APP_PARTS.join(', ')}`);
  return new Set(parts as AppPart[]);
}

export async function benchApp(args: readonly string[]): Promise<BenchRow[]> {
  const quick = args.includes('--quick');
  const only = parseOnly(args);
  const log = (s: string) => process.stderr.write(`  app: ${s}\n`);
  const dir = await buildApp('lensboard-app-bench');
  const bundle = bundleSize(dir);
  const served = await serveAndLaunch(dir);
  const errors: string[] = [];
  const rows: BenchRow[] = [];
  // Each row is printed as it is measured too: a later failure leaves the earlier figures seen.
  const add = (...rs: BenchRow[]) => {
    for (const r of rs) log(`${r.name}: ${r.value.toPrecision(4)} ${r.unit} (${r.note})`);
    rows.push(...rs);
  };
  const cold = quick ? 3 : 5;
  try {
    if (only.has('open')) await opening();
    if (only.has('play')) await playing();
    await ratios();
    await frames();
  } finally {
    await served.close();
  }
  if (errors.length > 0) {
    process.stderr.write(`  app: the page reported errors:\n${errors.map((e) => `    ${e}`).join('\n')}\n`);
    add(row('page errors', errors.length, 'errors', `first: ${errors[0].slice(0, 120)}`));
  }
  return rows;

  async function opening() {
    // The floor: React and React Flow alone drawing XOR's boxes, built, served and opened the
    // same way; its loads take turns with the app's, so a change in the machine's load weighs on
    // both alike.
    const bare = await serveAndLaunch(
      await buildPage(fileURLToPath(new URL('barePage/', import.meta.url)), 'lensboard-bare-page'),
    );
    log(`${cold} cold page loads of the app and of the bare React Flow page, in turn`);
    const xorBoxes = loadExample('xor').boxes.length;
    const opens = [];
    const bares = [];
    try {
      for (let i = 0; i < cold; i++) {
        opens.push(await pageOpen(served, xorBoxes, errors));
        bares.push(await pageOpen(bare, xorBoxes, errors));
      }
    } finally {
      await bare.close();
    }
    const ready = median(opens.map((o) => o.ready));
    const fcp = median(opens.map((o) => o.fcp));
    const bareReady = median(bares.map((o) => o.ready));
    const bareFcp = median(bares.map((o) => o.fcp));
    const scripts = opens.map((o) => o.scriptLoaded).filter((x): x is number => x !== null);
    add(
      row(
        'page open: navigation → ready canvas',
        ready,
        'ms',
        `median of ${cold} cold loads (${list(opens.map((o) => o.ready))}); XOR's ${xorBoxes} boxes drawn; main not busy at ${median(opens.map((o) => o.busyFalse)).toFixed(0)}, DOMContentLoaded ${median(opens.map((o) => o.dcl)).toFixed(0)}${scripts.length ? `, main bundle loaded ${median(scripts).toFixed(0)}` : ''} ms; ${atMost(ready, GOALS.readyMs, 'ms')}`,
      ),
      row(
        'page open: bare React Flow page → ready canvas',
        bareReady,
        'ms',
        `median of ${cold} (${list(bares.map((o) => o.ready))}); the same ${xorBoxes} boxes and wires, React and React Flow alone (bench/suites/barePage)`,
      ),
      row(
        'page open: ready canvas, app ÷ bare page',
        ready / bareReady,
        '×',
        atMost(ready / bareReady, GOALS.readyOverBare, '×'),
      ),
      row(
        'page open: first contentful paint',
        fcp,
        'ms',
        `median of ${cold} (${list(opens.map((o) => o.fcp))}); ${atMost(fcp, GOALS.fcpMs, 'ms')}`,
      ),
      row(
        'page open: bare React Flow page, first contentful paint',
        bareFcp,
        'ms',
        `median of ${cold} (${list(bares.map((o) => o.fcp))})`,
      ),
      row(
        'page open: first contentful paint, app ÷ bare page',
        fcp / bareFcp,
        '×',
        atMost(fcp / bareFcp, GOALS.fcpOverBare, '×'),
      ),
      row(
        'main bundle, gzipped',
        bundle.gzipBytes / 1000,
        'kB',
        `${bundle.entry}: ${(bundle.bytes / 1000).toFixed(0)} kB raw; with its preloads and CSS ${(bundle.initialGzipBytes / 1000).toFixed(0)} kB gzipped; ${atMost(bundle.gzipBytes / 1000, GOALS.bundleKb, 'kB')}`,
      ),
    );
  }

  async function playing() {
    log(`${cold} cold runs: Play → first point, XOR on Auto`);
    const plays = [];
    for (let i = 0; i < cold; i++) plays.push(await playToFirstPoint(served, errors));
    const first = median(plays.map((p) => p.ms));
    const running = plays.map((p) => p.runningMs).filter((x): x is number => x !== null);
    add(
      row(
        'Play → first chart point, XOR, Auto, cold',
        first,
        'ms',
        `median of ${cold} fresh pages (${list(plays.map((p) => p.ms))}); "Training…" shown after ${running.length ? median(running).toFixed(0) : '?'} ms; runs on ${plays[0].engine}; ${atMost(first, GOALS.firstPointMs, 'ms')}`,
      ),
    );
  }

  async function ratios() {
    const timing: Interleaving = quick
      ? { warmupMs: 1500, windows: 3, windowMs: 1500, settleMs: 300 }
      : { warmupMs: 3000, windows: 5, windowMs: 3000, settleMs: 300 };
    const cases = [
      {
        part: 'xor' as const,
        label: 'XOR, typed',
        doc: longRun('xor', 100_000),
        page: 'typed',
        node: 'typed' as const,
        scale: 1,
      },
      {
        part: 'mnist' as const,
        label: 'MNIST MLP, tfjs wasm',
        doc: longRun('mnist-mlp', 1000),
        page: 'wasm',
        node: 'tfjs-wasm' as const,
        scale: 2,
      },
    ];
    for (const c of cases.filter((k) => only.has(k.part))) {
      log(`${c.label}: the worker against headless, windows interleaved`);
      const o = { ...timing, warmupMs: timing.warmupMs * c.scale, windowMs: timing.windowMs * c.scale };
      const page = await pageRun(served, c.doc, c.page, errors);
      const node = await headlessRun(c.doc, c.node);
      try {
        const [w, h] = await interleave([page, node], o);
        const runsOn = await page.engine();
        const ratio = w.stepsPerSecond / h.stepsPerSecond;
        const each = `${o.windows} windows of ${o.windowMs / 1000} s`;
        add(
          row(
            `${c.label}: in the app's worker`,
            w.stepsPerSecond,
            'steps/s',
            `${each} (${list(w.windows)}); runs on ${runsOn}`,
          ),
          row(
            `${c.label}: headless (Node)`,
            h.stepsPerSecond,
            'steps/s',
            `${each} (${list(h.windows)}); engine ${node.engine}`,
          ),
          row(`${c.label}: worker/headless`, ratio, '×', atLeast(ratio, GOALS.ratio, '×')),
        );
      } finally {
        await page.close();
        await node.close();
      }
    }
  }

  async function frames() {
    const fpsCases = [
      { part: 'fps-xor' as const, label: 'XOR', doc: longRun('xor', 100_000) },
      { part: 'fps-big' as const, label: `${BIG} boxes`, doc: trainableBigDiagram(BIG) },
    ];
    for (const c of fpsCases.filter((k) => only.has(k.part))) {
      log(`fps: panning and zooming while ${c.label} trains`);
      const { gestures, idle, engine } = await fpsWhileTraining(served, c.doc, 'typed', errors);
      const fps = median(gestures.map((g) => g.fps));
      const stepsPerSecond = (g: Gesture) => g.steps / g.seconds;
      add(
        row(
          `fps while panning and zooming, ${c.label} training`,
          fps,
          'fps',
          `frames the display showed: median of 3 gestures (${list(gestures.map((g) => g.fps))}; animation frames the page ran ${list(gestures.map((g) => g.rafFps))}) after a warm-up one, each ${gestures.map((g) => `${g.moves} moves + ${g.wheels} wheel steps in ${g.seconds.toFixed(1)} s`).join(', ')}; the page took a move in ${list(gestures.map((g) => g.moveMs))} ms (median); longest frame ${Math.max(...gestures.map((g) => g.longestFrameMs)).toFixed(0)} ms; training went on at ${list(gestures.map(stepsPerSecond))} steps/s on ${engine}; ${atLeast(fps, GOALS.fps, '')}`,
        ),
        row(
          `fps while panning and zooming, ${c.label}, before Play`,
          median(idle.map((g) => g.fps)),
          'fps',
          `the same page and gestures, not training: frames shown, median of 2 (${list(idle.map((g) => g.fps))}; animation frames ${list(idle.map((g) => g.rafFps))}) after a warm-up one; the page took a move in ${list(idle.map((g) => g.moveMs))} ms; longest frame ${Math.max(...idle.map((g) => g.longestFrameMs)).toFixed(0)} ms`,
        ),
      );
    }
  }
}
