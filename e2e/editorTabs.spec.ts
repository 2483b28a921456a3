import { node, nodes, openEditor } from './editorHelpers';
import { expect, recordPage, test } from './fixtures';

test('Lensboard open in a second tab is announced in both; the banner exports, closes, and leaves with the tab', async ({
  page,
  record,
  context,
}) => {
  const banner = (p: typeof page) => p.getByRole('region', { name: 'Another tab' });
  await openEditor(page);
  await expect(page.getByRole('toolbar', { name: 'Editor tools' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  const second = await context.newPage();
  await openEditor(second);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('also open in another tab');
  await expect(banner(second)).toBeVisible();

  const download = page.waitForEvent('download');
  await banner(page).getByRole('button', { name: 'Export JSON' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);

  await banner(second).getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner(second)).toHaveCount(0);
  await expect(banner(page)).toBeVisible();

  // the second tab leaves: the first one is alone again
  await second.goto('about:blank');
  await expect(banner(page)).toHaveCount(0);
  await second.close();
  expect(record.consoleErrors).toEqual([]);
});

test('two tabs edit one diagram: a deletion in one and a deletion in the other both survive a reload', async ({
  page,
  record,
  context,
}) => {
  await openEditor(page);
  const before = await nodes(page).count();
  const second = await context.newPage();
  const secondRecord = await recordPage(second);
  await openEditor(second);
  await expect(node(second, 'lin1')).toBeVisible();

  // Within autosave's moment, so that both tabs hold an edit the other has not seen.
  await node(page, 'lin1').click();
  await page.keyboard.press('Delete');
  await node(second, 'tanh1').click();
  await second.keyboard.press('Delete');

  // Each tab takes the other's edit, and nothing collided, so nothing is set aside.
  for (const p of [page, second]) {
    await expect(node(p, 'lin1')).toHaveCount(0);
    await expect(node(p, 'tanh1')).toHaveCount(0);
    await expect(p.getByRole('region', { name: "Another tab's version" })).toHaveCount(0);
  }
  await second.close();
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(node(page, 'lin2')).toBeVisible();
  await expect(node(page, 'lin1')).toHaveCount(0);
  await expect(node(page, 'tanh1')).toHaveCount(0);
  await expect(nodes(page)).toHaveCount(before - 2);
  expect(secondRecord.consoleErrors).toEqual([]);
  expect(record.consoleErrors).toEqual([]);
});
