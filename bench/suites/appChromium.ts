/**
 * The `app` suite's Chromium half: the production app (SwiftShader, the project's flags), each
 * measurement in a fresh browser context, acting through the Training panel's own controls and
 * reading its figures. Page code is passed as strings: tsx would wrap a function's inner
 * closures in its __name helper.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { LensDocument } from '../../src/io/document';
import { type Served, waitForDiagram } from '../shared/chromium';
import { emptyPanePoint, framesShown, VIEWPORT_TRANSFORM } from '../shared/frames';
import { median } from '../shared/measure';

export const VIEWPORT = { width: 1400, height: 900 };

/** The output of the Training panel's figure named `name` ("Step", "Loss", "Steps/s"). */
const FIGURE = `((name) => {
  const s = document.querySelector('section[aria-label="Training"]');
  if (!s) return null;
  for (const dt of s.querySelectorAll('dt')) if (dt.textContent === name) return dt.parentElement.querySelector('dd output');
  return null;
})`;

/** A fresh context (empty cache, storage and IndexedDB: a first visit) with its errors recorded. */
export async function freshPage(served: Served, errors: string[]): Promise<{ page: Page; context: BrowserContext }> {
  const context = await served.browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('crash', () => errors.push('the page crashed'));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { page, context };
}

const panel = (page: Page) => page.getByRole('region', { name: 'Training' });
const status = (page: Page) => panel(page).getByRole('status', { name: 'Training status' });

// ---- Page open ----------------------------------------------------------------------------

/**
 * Before the page's own scripts: first contentful paint from the 'paint' entries, and the first
 * animation frame in which the canvas is ready — `main` no longer aria-busy, and the first
 * visit's XOR drawn: at least `nodes` boxes on the canvas, each measured (React Flow hides a
 * node until it knows its size).
 */
export const OPEN_PROBE = (nodes: number) => `(() => {
  const o = (window.__open = { fcp: null, busyFalse: null, ready: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') o.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  const tick = () => {
    const main = document.querySelector('main[aria-busy="false"]');
    if (main) {
      if (o.busyFalse === null) o.busyFalse = performance.now();
      const ns = main.querySelectorAll('.react-flow__node');
      if (ns.length >= ${nodes} && Array.prototype.every.call(ns, (n) => getComputedStyle(n).visibility !== 'hidden')) {
        o.ready = performance.now();
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const OPEN_READ = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const script = performance.getEntriesByType('resource').find((r) => /\\/assets\\/index-[^/]*\\.js$/.test(r.name));
  return { ...window.__open, dcl: nav.domContentLoadedEventEnd, scriptLoaded: script ? script.responseEnd : null };
})()`;

export interface PageOpen {
  /** ms from navigation start, in the page's own clock. */
  readonly ready: number;
  readonly busyFalse: number;
  readonly fcp: number;
  readonly dcl: number;
  readonly scriptLoaded: number | null;
}

/** Waits until OPEN_PROBE has seen both the ready canvas and the first contentful paint. */
export async function openProbed(page: Page): Promise<void> {
  // A function, not a string: the app's CSP refuses a string evaluated in the page.
  await page.waitForFunction(
    () => {
      const o = (window as unknown as { __open: { ready: number | null; fcp: number | null } }).__open;
      return o.ready !== null && o.fcp !== null;
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** One cold load of the app in a fresh context: navigation to a ready canvas and to first contentful paint. */
export async function pageOpen(served: Served, nodes: number, errors: string[]): Promise<PageOpen> {
  const { page, context } = await freshPage(served, errors);
  try {
    await page.addInitScript(OPEN_PROBE(nodes));
    await page.goto(served.url);
    await openProbed(page);
    return (await page.evaluate(OPEN_READ)) as PageOpen;
  } finally {
    await context.close();
  }
}

// ---- Play to the first chart point -----------------------------------------------------------

/**
 * Installed just before the click: the click's own time stamp, every change of the status line,
 * and the first change of the Loss figure from '–' (the run's first point, drawn in the same
 * commit as the chart's), with the next animation frame: the frame that shows it.
 */
const PLAY_PROBE = `(() => {
  const fig = ${FIGURE};
  const s = document.querySelector('section[aria-label="Training"]');
  const p = (window.__play = { click: null, point: null, frame: null, status: [] });
  document.addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    if (p.click === null && b && s.contains(b) && b.textContent.includes('Play')) p.click = e.timeStamp;
  }, true);
  let last = '';
  const obs = new MutationObserver(() => {
    const st = s.querySelector('.train-status')?.textContent ?? '';
    if (st !== last) {
      last = st;
      p.status.push([performance.now(), st]);
    }
    if (p.point === null && fig('Loss')?.textContent !== '–') {
      p.point = performance.now();
      p.step = fig('Step')?.textContent;
      requestAnimationFrame(() => {
        p.frame = performance.now();
        obs.disconnect();
      });
    }
  });
  obs.observe(s, { subtree: true, childList: true, characterData: true });
})()`;

export interface PlayToPoint {
  /** ms from the click on Play to the frame that shows the first loss. */
  readonly ms: number;
  /** ms from the click until the status line said "Training…" (worker up, data loaded, compiled, engine picked). */
  readonly runningMs: number | null;
  /** What the panel says runs in the worker. */
  readonly engine: string;
}

/** A freshly opened XOR (a first visit, cold), engine Auto: Play, then the first point. */
export async function playToFirstPoint(served: Served, errors: string[]): Promise<PlayToPoint> {
  const { page, context } = await freshPage(served, errors);
  try {
    await page.goto(served.url);
    await page.locator('main[aria-busy="false"]').waitFor();
    await page.evaluate(PLAY_PROBE);
    await panel(page).getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(
      () => (window as unknown as { __play: { frame: number | null } }).__play.frame !== null,
      undefined,
      { timeout: 120_000 },
    );
    const p = (await page.evaluate('window.__play')) as {
      click: number;
      frame: number;
      status: [number, string][];
    };
    const running = p.status.find(([, text]) => text.startsWith('Training'));
    const engine = (await panel(page).getByLabel('Running on').textContent()) ?? '';
    return { ms: p.frame - p.click, runningMs: running ? running[0] - p.click : null, engine };
  } finally {
    await context.close();
  }
}

// ---- The run in the page, steered like a user ------------------------------------------------

/** A run the suite pauses and resumes between timed windows (the page's, or a headless one). */
export interface Steerable {
  resume(): Promise<void>;
  pause(): Promise<void>;
  /** Steps taken over about `ms` of running, and the ms that really passed. */
  window(ms: number): Promise<{ steps: number; ms: number }>;
  close(): Promise<void>;
}

const STEP_WINDOW = (ms: number) => `new Promise((done) => {
  const f = ${FIGURE}('Step');
  const read = () => Number(f.textContent);
  const s0 = read();
  const t0 = performance.now();
  setTimeout(() => done({ steps: read() - s0, ms: performance.now() - t0 }), ${ms});
})`;

/** Opens the app on `engine` with `doc` loaded through the `?debug` store hook, ready to Play. */
export async function openWith(
  served: Served,
  doc: LensDocument,
  engine: string,
  errors: string[],
): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await freshPage(served, errors);
  const { page } = opened;
  await page.goto(`${served.url}?engine=${engine}&debug`);
  await page.locator('main[aria-busy="false"]').waitFor();
  await page.evaluate(
    (d) =>
      (window as unknown as { lensboardStore: { getState(): { setDocument(d: unknown): void } } }).lensboardStore
        .getState()
        .setDocument(d),
    doc,
  );
  await waitForDiagram(page, doc.boxes.length);
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Fit view' }).click();
  return opened;
}

/** The document training in the page's worker, paused and resumed with the panel's buttons. */
export async function pageRun(served: Served, doc: LensDocument, engine: string, errors: string[]) {
  const { page, context } = await openWith(served, doc, engine, errors);
  const button = (name: string) => panel(page).getByRole('button', { name, exact: true });
  const run: Steerable & { page: Page; engine(): Promise<string> } = {
    page,
    async resume() {
      await button('Play').click();
      await status(page)
        .filter({ hasText: /^Training/ })
        .waitFor({ timeout: 300_000 });
    },
    async pause() {
      await button('Pause').click();
      await status(page)
        .filter({ hasText: /^Paused/ })
        .waitFor({ timeout: 60_000 });
    },
    async window(ms) {
      return (await page.evaluate(STEP_WINDOW(ms))) as { steps: number; ms: number };
    },
    async engine() {
      return (await panel(page).getByLabel('Running on').textContent()) ?? '';
    },
    close: () => context.close(),
  };
  return run;
}

// ---- Frames while the canvas is panned and zoomed --------------------------------------------

export interface Gesture {
  /** Frames the display showed per second (the compositor's presented frames, from a trace). */
  readonly fps: number;
  /** Animation frames the page ran per second: more than it showed when the GPU falls behind. */
  readonly rafFps: number;
  readonly seconds: number;
  /** The longest time between two animation frames, ms. */
  readonly longestFrameMs: number;
  /** Steps the run took meanwhile (it went on training). */
  readonly steps: number;
  /** Pointer moves and wheel steps done, and the median ms the page took to take a move. */
  readonly moves: number;
  readonly wheels: number;
  readonly moveMs: number;
}

/**
 * A drag of up to 120 pointer moves across the pane, then up to 20 wheel steps, in and out by
 * turns, counting the frames the display showed (../shared/frames). The drag starts on empty
 * pane, and the gesture fails if the canvas did not move. `traced` adds categories to the trace
 * and is handed it (the profilers read it).
 */
export async function panAndZoom(
  page: Page,
  traced?: { categories: readonly string[]; read(trace: { traceEvents: unknown[] }): void },
): Promise<Gesture> {
  const { x: cx, y: cy } = await emptyPanePoint(page);
  const before = await page.evaluate(VIEWPORT_TRANSFORM);
  const s0 = Number(await page.evaluate(`${FIGURE}('Step').textContent`));
  const moveMs: number[] = [];
  let dragged = before;
  let wheels = 0;
  const shown = await framesShown(
    page,
    async () => {
      const t0 = Date.now();
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      // Playwright waits for the page to take each event, so a busy page slows the gesture down:
      // it is cut short after a few seconds, and how long the page took to take a move is kept.
      for (let i = 0; i < 120 && Date.now() - t0 < 4000; i++) {
        const m0 = Date.now();
        await page.mouse.move(cx + 200 * Math.sin(i / 10), cy + 120 * Math.cos(i / 13));
        moveMs.push(Date.now() - m0);
      }
      await page.mouse.up();
      dragged = await page.evaluate(VIEWPORT_TRANSFORM);
      const w0 = Date.now();
      for (; wheels < 20 && (wheels % 2 === 1 || Date.now() - w0 < 2000); wheels++)
        await page.mouse.wheel(0, wheels % 2 ? 100 : -100);
    },
    traced,
  );
  if (dragged === before) throw new Error(`the drag from (${cx}, ${cy}) did not pan the canvas`);
  const s1 = Number(await page.evaluate(`${FIGURE}('Step').textContent`));
  return { ...shown, steps: s1 - s0, moves: moveMs.length, wheels, moveMs: median(moveMs) };
}

/**
 * `doc` training on `engine` in the page: frames per second over a warm-up gesture and three
 * measured ones; before Play, a warm-up and two more on the idle page, for comparison.
 */
export async function fpsWhileTraining(
  served: Served,
  doc: LensDocument,
  engine: string,
  errors: string[],
): Promise<{ gestures: Gesture[]; idle: Gesture[]; engine: string }> {
  const run = await pageRun(served, doc, engine, errors);
  try {
    // The same gestures on the same page before Play: what the machine's load alone leaves.
    await run.page.waitForTimeout(1000);
    await panAndZoom(run.page);
    const idle = [await panAndZoom(run.page), await panAndZoom(run.page)];
    await run.resume();
    await run.page.waitForTimeout(2000);
    await panAndZoom(run.page);
    const gestures = [await panAndZoom(run.page), await panAndZoom(run.page), await panAndZoom(run.page)];
    const text = await panel(run.page).locator('.train-status').textContent();
    if (!text?.startsWith('Training')) throw new Error(`the run stopped while the canvas moved: ${text}`);
    return { gestures, idle, engine: await run.engine() };
  } finally {
    await run.close();
  }
}
