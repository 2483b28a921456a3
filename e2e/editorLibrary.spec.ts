import { menuCommand, newDiagram, node, nodes, openEditor, palette } from './editorHelpers';
import { expect, test } from './fixtures';

test('My boxes outlive the document; placing one twice asks whether copies share parameters', async ({
  page,
  record,
}) => {
  await openEditor(page);
  await node(page, 'tanh1').click();
  await node(page, 'lin2').click({ modifiers: ['Shift'] });
  await menuCommand(page, 'Group as Para box');
  const myBoxes = palette(page).locator('details', { hasText: 'My boxes' });
  await expect(myBoxes.getByRole('button', { name: 'group 1', exact: true })).toBeVisible();

  await newDiagram(page);
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(myBoxes.getByRole('button', { name: 'group 1', exact: true })).toBeVisible();

  const groups = page.locator('main .react-flow__node-group');
  const tie = page.getByRole('dialog', { name: 'Share parameters?' });
  await myBoxes.getByRole('button', { name: 'group 1', exact: true }).click();
  await expect(groups).toHaveCount(1);
  await expect(tie).toHaveCount(0);
  await myBoxes.getByRole('button', { name: 'group 1', exact: true }).click();
  await expect(tie).toBeVisible();
  await tie.getByRole('button', { name: 'Share parameters' }).click();
  await expect(groups).toHaveCount(2);
  await expect(page.locator('main .tied-mark')).toHaveCount(1);
  await groups.last().dblclick(); // both copies land at the centre of the view; the last is on top
  await expect(page.locator('main .react-flow__node')).toHaveCount(2);
  expect(record.consoleErrors).toEqual([]);
});

test('a saved box is renamed and removed from My boxes; Undo brings it back; placed copies never change', async ({
  page,
  record,
}) => {
  await openEditor(page);
  const group = async (a: string, b: string) => {
    await node(page, a).click();
    await node(page, b).click({ modifiers: ['Shift'] });
    await menuCommand(page, 'Group as Para box');
  };
  await group('tanh1', 'lin2');
  await group('lin1', 'bias1');
  const myBoxes = palette(page).locator('details', { hasText: 'My boxes' });
  const entry = (name: string) => myBoxes.getByRole('button', { name, exact: true });
  await expect(entry('group 1')).toBeVisible();
  await expect(entry('group 2')).toBeVisible();

  // A copy of group 1, placed in a diagram of its own.
  await newDiagram(page);
  await entry('group 1').click();
  const copy = page.locator('main .react-flow__node-group');
  await expect(copy).toHaveCount(1);
  await expect(copy.locator('.box-label')).toHaveText('group 1');
  await expect(copy.locator('.is-selected')).toHaveCount(1);

  // Rename: refused names leave everything as it was; Escape leaves too.
  await myBoxes.getByRole('button', { name: 'Rename group 1' }).click();
  const field = myBoxes.getByRole('textbox', { name: 'New name for group 1' });
  await expect(field).toBeFocused();
  await field.fill('   ');
  await field.press('Enter');
  await expect(myBoxes.getByRole('alert')).toHaveText('The name is empty: type at least one character.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('Group 2');
  await myBoxes.getByRole('button', { name: 'Save' }).click();
  await expect(myBoxes.getByRole('alert')).toHaveText('“Group 2” is already the name of another box in My boxes.');
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(entry('group 1')).toBeFocused();
  await expect(copy.locator('.is-selected')).toHaveCount(1); // that Escape did not reach the canvas

  await myBoxes.getByRole('button', { name: 'Rename group 1' }).click();
  await field.fill('hidden layer');
  await field.press('Enter');
  await expect(entry('hidden layer')).toBeFocused();
  await expect(entry('group 1')).toHaveCount(0);
  await expect(copy.locator('.box-label')).toHaveText('group 1'); // the placed copy keeps its name

  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(entry('hidden layer')).toBeVisible();
  await expect(copy).toHaveCount(1);

  // Remove by keyboard, then Undo.
  const notice = palette(page).getByRole('status', { name: 'My boxes: last change' });
  await myBoxes.getByRole('button', { name: 'Remove hidden layer from My boxes' }).focus();
  await page.keyboard.press('Enter');
  await expect(notice).toContainText('Removed “hidden layer” from My boxes. This diagram keeps its copy.');
  await expect(notice.getByRole('button', { name: 'Undo' })).toBeFocused();
  await expect(entry('hidden layer')).toHaveCount(0);
  // The diagram's own copy is still offered, as a group of this diagram.
  await expect(entry('group 1')).toHaveAttribute('title', /In this diagram only/);
  await page.keyboard.press('Enter');
  await expect(entry('hidden layer')).toBeFocused();
  await expect(notice).toBeEmpty();

  // Remove by mouse; after a reload it stays removed, and the copy is as it was.
  await myBoxes.getByRole('button', { name: 'Remove hidden layer from My boxes' }).click();
  await expect(notice).toContainText('Removed “hidden layer”');
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(entry('group 2')).toBeVisible();
  await expect(entry('hidden layer')).toHaveCount(0);
  await expect(myBoxes.getByRole('button', { name: /^(Rename|Remove) hidden layer/ })).toHaveCount(0);
  await expect(copy).toHaveCount(1);
  await expect(copy.locator('.box-label')).toHaveText('group 1');
  await copy.dblclick();
  await expect(node(page, 'tanh1')).toBeVisible();
  await expect(node(page, 'lin1')).toBeVisible();
  await expect(nodes(page)).toHaveCount(2);
  expect(record.consoleErrors).toEqual([]);
});

test('the Library’s transformer block asks its shape, refuses one it cannot draw, and is placed at the one given', async ({
  page,
  record,
}) => {
  await openEditor(page);
  const library = palette(page).locator('details', { hasText: 'Library' });
  await library.getByRole('button', { name: 'Transformer block', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Transformer block' });
  await expect(dialog.getByRole('spinbutton', { name: 'Width C (values a position)' })).toHaveValue('32');
  await dialog.getByRole('spinbutton', { name: 'Width C (values a position)' }).fill('48');
  await dialog.getByRole('spinbutton', { name: 'Heads' }).fill('5');
  await expect(dialog.getByRole('alert')).toHaveText('width 48 is not a multiple of heads 5');
  await expect(dialog.getByRole('button', { name: 'Place' })).toBeDisabled();
  await dialog.getByRole('spinbutton', { name: 'Heads' }).fill('3');
  await dialog.getByRole('spinbutton', { name: 'Context T (positions)' }).fill('16');
  await dialog.getByRole('button', { name: 'Place' }).click();
  await expect(dialog).toBeHidden();
  const block = page.locator('main .react-flow__node-group');
  await expect(block.locator('.box-label')).toHaveText('Transformer block (T 16, width 48, 3 heads)');
  expect(record.consoleErrors).toEqual([]);
});
