import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

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
