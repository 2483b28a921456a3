/**
 * Frames a page really showed while something was done to it, for the suites that pan and zoom
 * the canvas. requestAnimationFrame keeps ticking when the GPU process is behind and the frame it
 * paints is never shown (on SwiftShader it counted up to twice the frames seen), so the frames
 * counted are the display compositor's (viz's `Display::FrameDisplayed`, traced over the act);
 * animation frames are counted beside them. A drag must start on empty pane: one that starts on
 * a wire or a box selects or moves it, and the canvas never moves.
 */
import type { Page } from '@playwright/test';

/** A point of the canvas's pane with nothing drawn on it, nearest its centre, or null. */
export const EMPTY_PANE_POINT = `(() => {
  const pane = document.querySelector('main .react-flow__pane');
  const b = pane.getBoundingClientRect();
  let best = null;
  for (let dy = -0.4; dy <= 0.4; dy += 0.05)
    for (let dx = -0.4; dx <= 0.4; dx += 0.05) {
      const x = b.x + b.width * (0.5 + dx);
      const y = b.y + b.height * (0.5 + dy);
      if (document.elementFromPoint(x, y) !== pane) continue;
      const d = dx * dx + dy * dy;
      if (!best || d < best.d) best = { x, y, d };
    }
  return best;
})()`;

/** The canvas viewport's transform: changed by a pan or a zoom. */
export const VIEWPORT_TRANSFORM = `document.querySelector('main .react-flow__viewport')?.style.transform ?? ''`;

export async function emptyPanePoint(page: Page): Promise<{ x: number; y: number }> {
  const p = (await page.evaluate(EMPTY_PANE_POINT)) as { x: number; y: number } | null;
  if (!p) throw new Error('no empty point on the pane to start a drag');
  return p;
}

export interface Shown {
  /** Frames the display showed, and animation frames the page ran, per second. */
  readonly fps: number;
  readonly rafFps: number;
  readonly seconds: number;
  /** The longest time between two animation frames, ms. */
  readonly longestFrameMs: number;
}

/** Runs `act` on `page`, counting the frames shown meanwhile; `traced` adds categories to the trace and reads it. */
export async function framesShown(
  page: Page,
  act: () => Promise<void>,
  traced?: { categories: readonly string[]; read(trace: { traceEvents: unknown[] }): void },
): Promise<Shown> {
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser to trace');
  await page.evaluate(`(() => {
    const c = (window.__frames = { n: 0, on: true, last: performance.now(), longest: 0 });
    const tick = (t) => {
      c.n++;
      c.longest = Math.max(c.longest, t - c.last);
      c.last = t;
      if (c.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await browser.startTracing(page, { categories: ['viz', ...(traced?.categories ?? [])] });
  const t0 = Date.now();
  await act();
  const seconds = (Date.now() - t0) / 1000;
  // The animation frames are counted up to the end of the act, before the trace is stopped: its
  // stopping and transfer take seconds on a loaded machine (minutes with a wide trace), and the
  // frames the page ran meanwhile, counted over the act's seconds, once gave 50 a second where
  // the trace saw 1.
  const c = (await page.evaluate('(() => { const c = window.__frames; c.on = false; return c; })()')) as {
    n: number;
    longest: number;
  };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: { name: string }[] };
  traced?.read(trace);
  const shown = trace.traceEvents.filter((e) => e.name === 'Display::FrameDisplayed').length;
  return { fps: shown / seconds, rafFps: c.n / seconds, seconds, longestFrameMs: c.longest };
}
