/**
 * The editor in Chromium (SwiftShader, the production build) with a 300-box diagram: the frame
 * rate while panning, and the time from an edit to the frame that shows its compiled result.
 * Page code is passed as strings: tsx would wrap a function's inner closures in its __name helper.
 */
import type { Page } from '@playwright/test';
import { bigDiagram } from '../../src/testing/bigDiagram';
import { buildApp, openPage, waitForDiagram } from '../shared/chromium';
import { emptyPanePoint, framesShown, type Shown, VIEWPORT_TRANSFORM } from '../shared/frames';

export interface BrowserNumbers {
  /** Frames shown per second of each measured pan (after one warm-up pan), and animation frames. */
  readonly fps: readonly number[];
  readonly rafFps: readonly number[];
  readonly panSeconds: number;
  readonly paintMs: readonly number[];
}

/** A drag of 120 pointer moves from empty pane; the frames the display showed (../shared/frames). */
async function pan(page: Page): Promise<Shown> {
  const { x: cx, y: cy } = await emptyPanePoint(page);
  const before = await page.evaluate(VIEWPORT_TRANSFORM);
  const shown = await framesShown(page, async () => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 0; i < 120; i++) await page.mouse.move(cx + 200 * Math.sin(i / 10), cy + 120 * Math.cos(i / 13));
    await page.mouse.up();
  });
  if ((await page.evaluate(VIEWPORT_TRANSFORM)) === before) throw new Error('the drag did not pan the canvas');
  return shown;
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
    return { fps: pans.map((p) => p.fps), rafFps: pans.map((p) => p.rafFps), panSeconds: pans[0].seconds, paintMs };
  } finally {
    await close();
  }
}
