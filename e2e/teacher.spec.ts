/**
 * A teacher builds `linear ; bias ; σ` with an output from the empty canvas, following only what
 * the screen says: the empty canvas says to drag boxes from the palette, a box shows its sizes as
 * soon as they are set, the canvas says the model output is missing and adds it, an error badge
 * says what input is missing. Ports are large, open targets; a wire dropped near one connects.
 */
import type { Locator, Page } from '@playwright/test';
import {
  dragFromPalette,
  dragWire,
  handle,
  inspector,
  menuCommand,
  newDiagram,
  node,
  openEditor,
  setField,
} from './editorHelpers';
import { expect, test } from './fixtures';

/** Drags a wire from a port and lets go `off` px beside the other, as a hurried hand does. */
async function dragNear(page: Page, from: Locator, to: Locator, off: { x: number; y: number }): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('port not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2 + off.x, b.y + b.height / 2 + off.y, { steps: 10 });
  await page.mouse.up();
}

/** The port is at least 14 px across, and nothing else is on top of its middle. */
async function openTarget(page: Page, port: Locator): Promise<void> {
  const box = await port.boundingBox();
  if (!box) throw new Error('port not on screen');
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(14);
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('.react-flow__handle')?.getAttribute('data-handleid') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe(await port.getAttribute('data-handleid'));
}

test.describe.configure({ timeout: 120_000 });

test('linear ; bias ; σ with an output, from the empty canvas, by what the screen says', async ({ page, record }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openEditor(page);
  await newDiagram(page);
  await expect(page.getByRole('region', { name: 'Empty canvas' })).toContainText('Drag a box from the palette');

  await dragFromPalette(page, 'linear', 'linear', 160, 160);
  await setField(page, /^inputs/, '4');
  await setField(page, /^units/, '3');
  await expect(node(page, 'linear1')).toContainText(/linear\s*4→3/);
  const missing = page.getByRole('region', { name: 'Missing model output' });
  await expect(missing).toContainText('No model output yet');

  await dragFromPalette(page, 'bias', 'bias', 380, 160);
  await dragFromPalette(page, 'sigmoid', 'sigmoid', 560, 160);
  await openTarget(page, handle(page, 'linear1', 'y'));
  await openTarget(page, handle(page, 'bias1', 'x'));
  await dragWire(page, handle(page, 'linear1', 'y'), handle(page, 'bias1', 'x'));
  // let go 12 px beside the port: the wire still lands on it
  await dragNear(page, handle(page, 'bias1', 'y'), handle(page, 'sigmoid1', 'x'), { x: -6, y: 12 });
  await expect(page.locator('main .react-flow__edge')).toHaveCount(2);

  await missing.getByRole('button', { name: 'Add a model output' }).click();
  await expect(missing).toBeHidden();
  await expect(page.locator('main .react-flow__edge')).toHaveCount(3);

  // the badge under linear says what it still needs, in words
  const badge = node(page, 'linear1').getByRole('note');
  await expect(badge).toContainText("input 'x' of linear 'linear1' is not connected");
  await dragFromPalette(page, 'data input', 'data input', 160, 360);
  await setField(page, /^shape/, '4');
  await openTarget(page, handle(page, 'input1', 'x'));
  await dragWire(page, handle(page, 'input1', 'x'), handle(page, 'linear1', 'x'));
  await expect(page.locator('main .react-flow__edge')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Composite term' })).toContainText('linear[4→3]');
  await expect(inspector(page).getByText('Errors in the diagram')).toBeHidden();
  await expect(page.locator('.react-flow__attribution')).toContainText('React Flow');

  // New diagram asks before it throws this away
  await menuCommand(page, 'New diagram');
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(node(page, 'sigmoid1')).toBeVisible();
  expect(record.consoleErrors).toEqual([]);
});

test('a refused connection fades and is kept in the messages; neighbours’ error badges do not overlap', async ({
  page,
  record,
}) => {
  await openEditor(page);
  await newDiagram(page);
  await dragFromPalette(page, 'data input', 'data input', 150, 200);
  await setField(page, /^shape/, '3');
  await dragFromPalette(page, 'linear', 'linear', 330, 200);
  await setField(page, /^inputs/, '4');
  await dragFromPalette(page, 'bias', 'bias', 470, 200);
  await dragWire(page, handle(page, 'input1', 'x'), handle(page, 'linear1', 'x'));
  const notice = page.getByRole('status', { name: 'Notice', exact: true });
  await expect(notice).toContainText('3 numbers cannot feed 4 numbers');
  await expect(notice).toBeEmpty({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Messages (1)' }).click();
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText('3 numbers cannot feed 4 numbers');

  const a = await node(page, 'linear1').getByRole('note').boundingBox();
  const b = await node(page, 'bias1').getByRole('note').boundingBox();
  if (!a || !b) throw new Error('no error badges');
  expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
  expect(record.consoleErrors).toEqual([]);
});

test('Fit view fits a wide diagram whole, and the canvas map frames the view', async ({ page, record }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await openEditor(page);
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  await page
    .getByRole('dialog', { name: 'Examples' })
    .getByRole('button', { name: 'MNIST, convolutional', exact: true })
    .click();
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Fit view' }).click();
  // every box inside the canvas
  const canvas = page.locator('main .react-flow').first();
  await expect
    .poll(async () => {
      const pane = await canvas.boundingBox();
      const boxes = await page.locator('main .react-flow__node').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return [r.left, r.top, r.right, r.bottom];
        }),
      );
      if (!pane || boxes.length === 0) return 'no canvas or no boxes';
      const out = boxes.filter(
        ([l, t, r, b]) => l < pane.x || t < pane.y || r > pane.x + pane.width || b > pane.y + pane.height,
      );
      return out.length;
    })
    .toBe(0);
  // the map's frame is drawn inside the map
  const map = await page.locator('.canvas-map-area').boundingBox();
  const frame = await page.locator('.canvas-map-view').boundingBox();
  if (!map || !frame) throw new Error('no canvas map');
  expect(frame.x).toBeGreaterThanOrEqual(map.x - 0.5);
  expect(frame.x + frame.width).toBeLessThanOrEqual(map.x + map.width + 0.5);
  expect(frame.width).toBeGreaterThan(0);
  expect(record.consoleErrors).toEqual([]);
});
