/**
 * The editor in Chromium (SwiftShader, the production build) with a 300-box diagram: the frame
 * rate while panning, and the time from an edit to the frame that shows its compiled result.
 * Page code is passed as strings: tsx would wrap a function's inner closures in its __name helper.
 */
import type { Page } from '@playwright/test';
import { bigDiagram } from '../../src/testing/bigDiagram';
import { buildApp, openPage, waitForDiagram } from '../shared/chromium';

export interface BrowserNumbers {
  /** Frames per second of each measured pan (after one warm-up pan). */
  readonly fps: readonly number[];
  readonly panSeconds: number;
  readonly paintMs: readonly number[];
}

async function pan(page: Page): Promise<{ fps: number; seconds: number }> {
  const paneBox = await page.locator('main .react-flow__pane').first().boundingBox();
  if (!paneBox) throw new Error('no pane');
  const cx = paneBox.x + paneBox.width / 2;
  const cy = paneBox.y + paneBox.height / 2;
  await page.evaluate(
    'window.__frames = 0; window.__counting = true; (function tick() { window.__frames++; if (window.__counting) requestAnimationFrame(tick); })();',
  );
  const t0 = Date.now();
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < 120; i++) await page.mouse.move(cx + 200 * Math.sin(i / 10), cy + 120 * Math.cos(i / 13));
  await page.mouse.up();
  const seconds = (Date.now() - t0) / 1000;
  const frames = Number(await page.evaluate('window.__counting = false; window.__frames'));
  return { fps: frames / seconds, seconds };
}

/** Edit, compile at once (the live compile's debounce is a chosen delay, not latency), paint. */
const EDIT_TO_PAINT = (i: number) => `new Promise((done) => {
  const store = window.lensboardStore;
  const t0 = performance.now();
  store.getState().setConfig('b1', 'out', ${8 + (i % 2)});
  store.getState().setView({ compiled: store.compile(store.getState().doc) });
  requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
})`;

export async function measureInChromium(boxes: number): Promise<BrowserNumbers> {
  const outDir = await buildApp('lensboard-editor-bench');
  const { page, close } = await openPage(outDir, {
    path: '?backend=cpu&debug',
    viewport: { width: 1400, height: 900 },
  });
  try {
    await page.locator('main[aria-busy="false"]').waitFor();
    await page.evaluate(
      (doc) =>
        (window as unknown as { lensboardStore: { getState(): { setDocument(d: unknown): void } } }).lensboardStore
          .getState()
          .setDocument(doc),
      bigDiagram(boxes),
    );
    await waitForDiagram(page, boxes);
    await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Fit view' }).click();
    await page.waitForTimeout(1000);
    const paintMs: number[] = [];
    for (let i = 0; i < 21; i++) {
      paintMs.push(Number(await page.evaluate(EDIT_TO_PAINT(i))));
      await page.waitForTimeout(250);
    }
    await pan(page);
    const pans = [await pan(page), await pan(page), await pan(page)];
    return { fps: pans.map((p) => p.fps), panSeconds: pans[0].seconds, paintMs };
  } finally {
    await close();
  }
}
