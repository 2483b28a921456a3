import { menuCommand, node, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

const pasteText = (text: string) => {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
};

test('? lists the keyboard shortcuts', async ({ page, record }) => {
  await openEditor(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toContainText('Undo');
  await expect(dialog).toContainText('Group as Para box');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});

test('copy and paste through the clipboard; foreign content is ignored with a notice', async ({ page, record }) => {
  await openEditor(page);
  const count = await page.locator('main .react-flow__node').count();
  await page.evaluate(pasteText, '<img src=x onerror=alert(1)>');
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText('nothing was pasted');
  await expect(page.locator('main .react-flow__node')).toHaveCount(count);
  await node(page, 'tanh1').click();
  const copied = await page.evaluate(() => {
    const data = new DataTransfer();
    document.body.dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true }));
    return data.getData('text/plain');
  });
  expect(JSON.parse(copied).format).toBe('lensboard-fragment');
  await page.evaluate(pasteText, copied);
  await expect(page.locator('main .react-flow__node')).toHaveCount(count + 1);
  expect(record.consoleErrors).toEqual([]);
});

test('group a selection as a Para box, enter it and come back by the breadcrumb', async ({ page, record }) => {
  await openEditor(page);
  await node(page, 'tanh1').click();
  await node(page, 'lin2').click({ modifiers: ['Shift'] });
  await menuCommand(page, 'Group as Para box');
  const group = page.locator('main .react-flow__node-group');
  await expect(group).toHaveCount(1);
  await group.dblclick();
  await expect(node(page, 'tanh1')).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Sub-diagram path' });
  await crumbs.getByRole('button', { name: 'XOR' }).click();
  await expect(page.locator('main .react-flow__node-group')).toHaveCount(1);
  await expect(page.getByRole('complementary', { name: 'Palette' })).toContainText('My boxes');
  expect(record.consoleErrors).toEqual([]);
});
