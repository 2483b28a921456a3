import { inspector, node, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

test('an over-long label is cut with an ellipsis; its title holds the whole text', async ({ page, record }) => {
  await openEditor(page);
  await node(page, 'lin1').click();
  const long = `first hidden layer, ${'very '.repeat(30)}wide`;
  const field = inspector(page).getByLabel('label', { exact: true });
  await field.fill(long);
  await field.press('Tab');
  const label = node(page, 'lin1').locator('.box-label');
  await expect(label).toHaveAttribute('title', long);
  await expect(label).toHaveText(long);
  const cut = await label.evaluate((el) => ({
    overflow: getComputedStyle(el).textOverflow,
    clipped: el.scrollWidth > el.clientWidth,
  }));
  expect(cut).toEqual({ overflow: 'ellipsis', clipped: true });
  const box = await node(page, 'lin1').boundingBox();
  expect(box?.width ?? 0).toBeLessThan(400);
  expect(record.consoleErrors).toEqual([]);
});

test('a config value out of range is refused with the allowed range', async ({ page, record }) => {
  await openEditor(page);
  await node(page, 'lin1').click();
  const units = inspector(page).getByLabel(/^units/);
  await expect(inspector(page)).toContainText('(1 … 65536)');
  await units.fill('0');
  await units.press('Enter');
  const refusal = inspector(page).getByRole('alert');
  await expect(refusal).toContainText('1');
  await expect(refusal).toContainText('65536');
  await expect(units).toHaveAttribute('aria-invalid', 'true');
  await expect(node(page, 'lin1')).toContainText('linear 2→8');
  await expect(page.getByRole('region', { name: 'Composite term' })).toContainText('linear[2→8]');
  await units.fill('4');
  await units.press('Enter');
  await expect(refusal).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Composite term' })).not.toContainText('linear[2→8]');
  expect(record.consoleErrors).toEqual([]);
});
