import { edge, handle, node, nodes, openEditor, pane } from './editorHelpers';
import { expect, test } from './fixtures';

test('a wire dropped on empty canvas opens the picker; the chosen box arrives wired', async ({ page, record }) => {
  await openEditor(page);
  await expect(node(page, 'tanh1')).toBeVisible();
  const from = await handle(page, 'tanh1', 'y').boundingBox();
  if (!from) throw new Error('no handle');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 2 });
  await page.mouse.move(from.x - 40, from.y + 200, { steps: 10 });
  await page.mouse.up();
  const picker = page.getByRole('dialog', { name: 'Connect to a new box' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button', { name: /sigmoid/ })).toBeVisible();
  await expect(picker.getByRole('button', { name: /^\S+ data input/ })).toHaveCount(0);
  await picker.getByLabel('Search compatible boxes').fill('sigm');
  await picker.getByRole('button', { name: /sigmoid/ }).click();
  await expect(picker).toHaveCount(0);
  await expect(node(page, 'sigmoid1')).toBeVisible();
  await expect(edge(page, 'tanh1', 'sigmoid1')).toHaveCount(1);
  await expect(page.locator('.wire-label').filter({ hasText: '8 numbers' })).not.toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});

test('context menus of a box, a wire and the canvas open on right click and run their items', async ({
  page,
  record,
}) => {
  await openEditor(page);
  const count = await nodes(page).count();
  await node(page, 'lin1').click({ button: 'right' });
  const boxMenu = page.getByRole('menu', { name: 'box menu' });
  await expect(boxMenu).toBeVisible();
  await boxMenu.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(boxMenu).toHaveCount(0);
  await expect(nodes(page)).toHaveCount(count + 1);
  await expect(node(page, 'lin3')).toBeVisible();

  const wire = edge(page, 'lin1', 'bias1');
  await expect(wire).toHaveCount(1);
  await wire.locator('path').first().click({ button: 'right', force: true });
  const wireMenu = page.getByRole('menu', { name: 'wire menu' });
  await expect(wireMenu).toBeVisible();
  await wireMenu.getByRole('menuitem', { name: 'Delete selection' }).click();
  await expect(wire).toHaveCount(0);

  // the canvas's top-left corner is kept free of the legend for such clicks (docs/notation.md)
  await pane(page).click({ button: 'right', position: { x: 16, y: 14 } });
  const canvasMenu = page.getByRole('menu', { name: 'canvas menu' });
  await expect(canvasMenu).toBeVisible();
  await canvasMenu.getByRole('menuitem', { name: 'Select all' }).click();
  await expect(page.locator('main .react-flow__node.selected')).toHaveCount(count + 1);
  await expect(inspectorSummary(page)).toContainText(`${count + 1} items selected`);
  expect(record.consoleErrors).toEqual([]);
});

const inspectorSummary = (page: import('@playwright/test').Page) =>
  page.getByRole('complementary', { name: 'Inspector' });
