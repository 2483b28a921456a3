/**
 * The `onnx` suite's Chromium half, shared with bench/profile/app/bigOpen.ts: a big ONNX file
 * given to the page's file input, timed in the page's own clock until the canvas is ready (the
 * store holds the whole document and the first group's node is drawn and visible) and then until
 * the main thread has had no long task (PerformanceObserver `longtask`) for 2 s, so that work
 * put off until after the first paint (the charts, the autosave) is counted too.
 */
import type { Page } from '@playwright/test';

export interface LongTask {
  /** ms from the file given to the input. */
  readonly start: number;
  readonly duration: number;
}

export interface SettledOpen {
  /** ms from the file given to the input until the first frame with the ready canvas. */
  readonly ready: number;
  /** ms from the file given to the input until the last long task ended. */
  readonly settled: number;
  readonly longest: number;
  readonly longTotal: number;
  readonly tasks: readonly LongTask[];
  /** The page's `performance.now()` when `beforeOpen` had returned, minus the file's time 0. */
  readonly clockOffset: number;
}

type Probe = { long: { start: number; duration: number }[]; ready: number | null };
type Win = Window & {
  __bigOpen: Probe;
  __bigOpenTick: () => void;
  lensboardStore: { getState(): { doc: { boxes: unknown[] } } };
};

/** How long the page must go without a long task to count as settled, in ms. */
const QUIET_MS = 2000;

/**
 * Opens `bytes` through the file input `selector` on a page loaded with `?debug` (the store on
 * `window`) and a ready first canvas; `boxes` is the count the whole document holds.
 */
export async function settledOpen(
  page: Page,
  bytes: Uint8Array,
  selector: string,
  boxes: number,
  beforeOpen: () => Promise<void> = async () => {},
): Promise<SettledOpen> {
  await page.waitForSelector('main[aria-busy="false"]', { timeout: 60_000 });
  await page.evaluate(() => {
    const w = window as unknown as Win;
    w.__bigOpen = { long: [], ready: null };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bigOpen.long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
  });
  await beforeOpen();
  const t0 = await page.evaluate((n) => {
    const w = window as unknown as Win;
    // No named function in a page function: tsx wraps those in a helper the page lacks.
    w.__bigOpenTick = () => {
      const node = document.querySelector('main .react-flow__node[data-id="part1"]');
      const whole = w.lensboardStore.getState().doc.boxes.length === n;
      if (whole && node && getComputedStyle(node).visibility !== 'hidden') w.__bigOpen.ready = performance.now();
      else requestAnimationFrame(w.__bigOpenTick);
    };
    requestAnimationFrame(w.__bigOpenTick);
    return performance.now();
  }, boxes);
  await page.setInputFiles(selector, {
    name: 'big.onnx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(bytes),
  });
  await page.waitForFunction(() => (window as unknown as Win).__bigOpen.ready !== null, undefined, {
    timeout: 180_000,
  });
  await page.waitForFunction(
    (quiet) => {
      const { long, ready } = (window as unknown as Win).__bigOpen;
      const ends = long.map((l) => l.start + l.duration);
      return performance.now() - Math.max(ready ?? 0, ...ends) > quiet;
    },
    QUIET_MS,
    { timeout: 120_000, polling: 250 },
  );
  const probe = await page.evaluate(() => (window as unknown as Win).__bigOpen);
  const tasks = probe.long.filter((l) => l.start >= t0).map((l) => ({ start: l.start - t0, duration: l.duration }));
  return {
    ready: (probe.ready ?? t0) - t0,
    settled: Math.max((probe.ready ?? t0) - t0, ...tasks.map((l) => l.start + l.duration)),
    longest: Math.max(0, ...tasks.map((l) => l.duration)),
    longTotal: tasks.reduce((a, l) => a + l.duration, 0),
    tasks,
    clockOffset: t0,
  };
}
