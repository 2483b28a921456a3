import { readFile } from 'node:fs/promises';
import { menuCommand, node, nodes, openEditor, palette } from './editorHelpers';
import { expect, test } from './fixtures';

test('New diagram asks in the page before discarding unsaved work, and only then', async ({ page, record }) => {
  await openEditor(page);
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await page.getByLabel('Search the palette').fill('sigmoid');
  await palette(page).getByRole('button', { name: 'sigmoid', exact: true }).click();
  const count = await nodes(page).count();
  await menuCommand(page, 'New diagram');
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(nodes(page)).toHaveCount(count);
  await menuCommand(page, 'New diagram');
  const download = page.waitForEvent('download');
  await ask.getByRole('button', { name: 'Export, then new' }).click();
  const saved = JSON.parse(await readFile((await (await download).path()) as string, 'utf8'));
  expect(saved.boxes).toHaveLength(count);
  await expect(nodes(page)).toHaveCount(0);
  await menuCommand(page, 'New diagram');
  await expect(ask).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});

test('a failed autosave shows a banner whose Export downloads the diagram', async ({ page, record }) => {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = function open() {
      const req = {} as IDBOpenDBRequest & { error: DOMException };
      setTimeout(() => {
        Object.defineProperty(req, 'error', { value: new DOMException('disk full (test)', 'QuotaExceededError') });
        req.onerror?.(new Event('error'));
      });
      return req;
    };
  });
  await openEditor(page);
  await page.getByLabel('Search the palette').fill('tanh');
  await palette(page).getByRole('button', { name: 'tanh', exact: true }).click();
  await expect(node(page, 'tanh2')).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'Autosave failed' });
  await expect(banner).toContainText('disk full (test)');
  const download = page.waitForEvent('download');
  await banner.getByRole('button', { name: 'Export JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.lensboard\.json$/);
  const saved = JSON.parse(await readFile((await file.path()) as string, 'utf8'));
  expect(saved.format).toBe('lensboard-document');
  expect(saved.boxes.map((b: { id: string }) => b.id)).toContain('tanh2');
  expect(record.consoleErrors).toEqual([]);
});
