import { node, nodes, openEditor, pane } from './editorHelpers';
import { expect, test } from './fixtures';

const selected = (page: import('@playwright/test').Page) => page.locator('main .react-flow__node.selected');

test('box-select with Shift+drag, then delete the selection', async ({ page, record }) => {
  await openEditor(page);
  const count = await nodes(page).count();
  const a = await node(page, 'lin1').boundingBox();
  const b = await node(page, 'bias1').boundingBox();
  if (!a || !b) throw new Error('boxes not on screen');
  await page.keyboard.down('Shift');
  await page.mouse.move(a.x - 12, a.y - 12);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, a.y + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width + 12, b.y + b.height + 12, { steps: 6 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect(selected(page)).toHaveCount(2);
  await expect(node(page, 'lin1')).toHaveClass(/selected/);
  await expect(node(page, 'bias1')).toHaveClass(/selected/);
  await page.keyboard.press('Delete');
  await expect(nodes(page)).toHaveCount(count - 2);
  await expect(node(page, 'lin1')).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});

test('multi-select with Ctrl+click, duplicate, then delete the copies', async ({ page, record }) => {
  await openEditor(page);
  const count = await nodes(page).count();
  await node(page, 'tanh1').click();
  await node(page, 'lin2').click({ modifiers: ['Control'] });
  await expect(selected(page)).toHaveCount(2);
  await page.keyboard.press('Control+d');
  await expect(nodes(page)).toHaveCount(count + 2);
  await expect(node(page, 'tanh2')).toHaveClass(/selected/);
  await expect(node(page, 'lin3')).toHaveClass(/selected/);
  await expect(selected(page)).toHaveCount(2);
  await page.keyboard.press('Delete');
  await expect(nodes(page)).toHaveCount(count);
  await expect(node(page, 'tanh1')).toBeVisible();
  await pane(page).click({ position: { x: 20, y: 20 } });
  await expect(selected(page)).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});
