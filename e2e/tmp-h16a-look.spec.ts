import { openEditor, palette } from './editorHelpers';
import { expect, test } from './fixtures';
test('look', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'Binarised Iris, 3 classes' }).click();
  await expect(page.getByLabel('Diagram name')).toHaveText('Binarised Iris by RDA (3 classes)');
  await page.getByRole('button', { name: 'Fit view', exact: true }).click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: '/tmp/h16a-rda3.png' });
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.getByRole('button', { name: 'Fit view', exact: true }).click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: '/tmp/h16a-rda3-big.png' });
  await palette(page).getByText('Boolean', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/h16a-palette.png' });
});
