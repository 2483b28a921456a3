/**
 * Autosave as a user meets it: an edit followed at once by a reload (no pause for the save's
 * debounce) is still there, with its "unsaved" state, and a damaged record left in localStorage
 * is refused in favour of the IndexedDB copy.
 */
import type { Page } from '@playwright/test';
import { dragFromPalette, menuCommand, newDiagram, node, nodes, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

/** persist/pending.ts: the record written synchronously as the page is left. */
const PENDING_KEY = 'lensboard.pendingAutosave';

async function reloadNow(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
}

const discardAsk = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

test('an edit on the canvas survives a reload made at once, and is still unsaved', async ({ page, record }) => {
  await openEditor(page);
  const before = await nodes(page).count();
  await node(page, 'lin1').click();
  await page.keyboard.press('Delete');
  await reloadNow(page);
  await expect(node(page, 'lin2')).toBeVisible();
  await expect(node(page, 'lin1')).toHaveCount(0);
  await expect(nodes(page)).toHaveCount(before - 1);
  await menuCommand(page, 'New diagram');
  await expect(discardAsk(page)).toBeVisible();
  await discardAsk(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(nodes(page)).toHaveCount(before - 1);
  expect(record.consoleErrors).toEqual([]);
});

test('an export made just before a reload is remembered: nothing is unsaved after it', async ({ page, record }) => {
  await openEditor(page);
  await node(page, 'lin1').click();
  await page.keyboard.press('Delete');
  await expect(node(page, 'lin1')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await menuCommand(page, 'Export JSON');
  await download;
  await reloadNow(page);
  await expect(node(page, 'lin2')).toBeVisible();
  await expect(node(page, 'lin1')).toHaveCount(0);
  await menuCommand(page, 'New diagram');
  await expect(nodes(page)).toHaveCount(0);
  await expect(discardAsk(page)).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});

test('a damaged pending record is refused with a notice; the IndexedDB copy opens', async ({ page, record }) => {
  await openEditor(page);
  await newDiagram(page);
  await dragFromPalette(page, 'tanh', 'tanh', 300, 200);
  await expect(node(page, 'tanh1')).toBeVisible();
  await reloadNow(page);
  await expect(node(page, 'tanh1')).toBeVisible();
  // The record goes once IndexedDB holds the document: from then on the IndexedDB copy is current.
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), PENDING_KEY)).toBeNull();

  await page.evaluate((key) => {
    const doc = {
      format: 'lensboard-document',
      version: 1,
      boxes: [{ id: 'sigmoid1', generator: 'sigmoid', position: { x: 'left', y: 0 } }],
      wires: [],
    };
    // Newer than anything saved: were it readable, it would win.
    localStorage.setItem(key, JSON.stringify({ version: 1, revision: Date.now() + 1e9, unexported: true, doc }));
  }, PENDING_KEY);
  await reloadNow(page);
  await expect(node(page, 'tanh1')).toBeVisible();
  await expect(nodes(page)).toHaveCount(1);
  const notice = page.getByRole('status', { name: 'Notice', exact: true });
  await expect(notice).toContainText('could not be read');
  await expect(notice).toContainText('boxes[0].position.x');
  expect(await page.evaluate((key) => localStorage.getItem(key), PENDING_KEY)).toBeNull();
  expect(record.consoleErrors).toEqual([]);
});
