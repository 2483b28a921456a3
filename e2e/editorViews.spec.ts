import type { Page } from '@playwright/test';
import { canvasZoom, node, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

/** Opens the editor on its example and R[f] beside it, once R[f] is laid out. */
async function openReverse(page: Page) {
  await openEditor(page);
  await page.getByRole('button', { name: 'Show reverse derivative' }).click();
  const view = page.getByRole('region', { name: 'Reverse derivative' });
  await expect(view.locator('.rbox').first()).toBeVisible({ timeout: 20_000 });
  return view;
}

test('the XOR example opens at a readable zoom', async ({ page, record }) => {
  await page.setViewportSize({ width: 1400, height: 850 });
  await openEditor(page);
  await expect(node(page, 'lin1')).toBeVisible();
  await expect.poll(() => canvasZoom(page)).toBeGreaterThanOrEqual(0.8);
  const label = await node(page, 'lin1').locator('.box-label').boundingBox();
  expect(label?.height ?? 0).toBeGreaterThanOrEqual(11);
  const wireLabel = await page.locator('.wire-label').first().boundingBox();
  expect(wireLabel?.height ?? 0).toBeGreaterThanOrEqual(10);
  expect(record.consoleErrors).toEqual([]);
});

test('R[f] names its boundary wires after the diagram: parameters, inputs, output changes', async ({
  page,
  record,
}) => {
  const view = await openReverse(page);
  const names = await view.locator('.rbox-boundary').allTextContents();
  expect(names).toEqual(expect.arrayContaining(['W1.W', 'b2.W', 'x', 'd ŷ', 'd W1.W', 'd x']));
  expect(names.filter((n) => /^(x|d|dx)\d+$/.test(n))).toEqual([]);
  expect(record.consoleErrors).toEqual([]);
});

test('R[f] is drawn as it runs: what rdiff makes but nothing computes is left out, and said so', async ({
  page,
  record,
}) => {
  const view = await openReverse(page);
  await expect(view.getByText(/^As it runs: .*(left out|read from the forward pass)\.$/)).toBeVisible();
  // each forward box of the example is drawn at most once: recomputations are read from it
  const forward = await view
    .locator('.rbox-forward')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-source')));
  expect(new Set(forward).size).toBe(forward.length);
  expect(record.consoleErrors).toEqual([]);
});
