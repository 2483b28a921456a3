/**
 * A first visit's canvas shows the example's boxes and wires, measured and framed, in the first
 * frame after the page's script has run (docs/architecture.md, "The first screen"): no frame of an
 * empty canvas, no frame of boxes React Flow still hides while it waits to measure them.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const xor = JSON.parse(readFileSync('src/io/examples/xor.json', 'utf8')) as { boxes: unknown[]; wires: unknown[] };

/** At each animation frame until the canvas is no longer busy: what the canvas then shows. */
const PROBE = `(() => {
  const tick = () => {
    const main = document.querySelector('main[aria-busy="false"]');
    if (!main) return requestAnimationFrame(tick);
    const boxes = [...main.querySelectorAll('.react-flow__node')];
    window.__firstFrame = {
      boxes: boxes.length,
      shown: boxes.filter((n) => getComputedStyle(n).visibility !== 'hidden').length,
      wires: main.querySelectorAll('.react-flow__edge').length,
      transform: main.querySelector('.react-flow__viewport')?.style.transform ?? '',
    };
  };
  requestAnimationFrame(tick);
})()`;

test('the first frame of a first visit shows the example drawn and framed', async ({ page, record }) => {
  await page.addInitScript(PROBE);
  await page.goto('/?backend=cpu');
  const first = await page.waitForFunction(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame);
  const seen = (await first.jsonValue()) as { boxes: number; shown: number; wires: number; transform: string };
  expect(seen).toMatchObject({ boxes: xor.boxes.length, shown: xor.boxes.length, wires: xor.wires.length });
  // framed by the opening view, not React Flow's untouched viewport
  expect(seen.transform).not.toBe('translate(0px, 0px) scale(1)');
  expect(record.consoleErrors).toEqual([]);
});
