import { newDiagram, node, openEditor, palette } from './editorHelpers';
import { expect, test } from './fixtures';

test('My boxes outlive the document; placing one twice asks whether copies share parameters', async ({
  page,
  record,
}) => {
  await openEditor(page);
  await node(page, 'tanh1').click();
  await node(page, 'lin2').click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Group as Para box' }).click();
  const myBoxes = palette(page).locator('details', { hasText: 'My boxes' });
  await expect(myBoxes.getByRole('button', { name: 'group 1' })).toBeVisible();

  await newDiagram(page);
  await page.waitForTimeout(800); // autosave's debounce: the reload must find the empty diagram
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(myBoxes.getByRole('button', { name: 'group 1' })).toBeVisible();

  const groups = page.locator('main .react-flow__node-group');
  const tie = page.getByRole('dialog', { name: 'Share parameters?' });
  await myBoxes.getByRole('button', { name: 'group 1' }).click();
  await expect(groups).toHaveCount(1);
  await expect(tie).toHaveCount(0);
  await myBoxes.getByRole('button', { name: 'group 1' }).click();
  await expect(tie).toBeVisible();
  await tie.getByRole('button', { name: 'Share parameters' }).click();
  await expect(groups).toHaveCount(2);
  await expect(page.locator('main .tied-mark')).toHaveCount(1);
  await groups.last().dblclick(); // both copies land at the centre of the view; the last is on top
  await expect(page.locator('main .react-flow__node')).toHaveCount(2);
  expect(record.consoleErrors).toEqual([]);
});
