/**
 * Examples as a teacher meets them: the first visit opens XOR, named and bound to its data; the
 * toolbar and the empty canvas list the examples; opening one over unsaved work asks first, and
 * both answers do what they say.
 */
import type { Page } from '@playwright/test';
import { newDiagram, node, nodes, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

const examplesDialog = (page: Page) => page.getByRole('dialog', { name: 'Examples' });
const discardAsk = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });
const title = (page: Page) => page.getByLabel('Diagram name');
const dataPanel = (page: Page) => page.getByRole('complementary', { name: 'Data' });

async function openExamples(page: Page): Promise<void> {
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  await expect(examplesDialog(page)).toBeVisible();
}

test('a first visit opens XOR, named, with its data bound and previewed; the toolbar lists every example with its description, and opens one', async ({
  page,
  record,
}) => {
  await openEditor(page);
  await expect(title(page)).toHaveText('XOR');
  await expect(dataPanel(page).getByLabel('Dataset')).toHaveValue('xor');
  await expect(dataPanel(page).getByRole('img', { name: /Scatter plot of 500 points/ })).toBeVisible();
  await expect(dataPanel(page).getByRole('status')).toHaveCount(0); // nothing to fix: the diagram fits its data

  await openExamples(page);
  const list = examplesDialog(page);
  for (const name of [
    'XOR',
    'Iris, one dense layer',
    'Iris, hidden layer',
    'MNIST, convolutional',
    'MNIST, two dense layers',
  ])
    await expect(list.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Iris, hidden layer' })).toHaveAccessibleDescription(
    /4 → 20 σ → 3 σ.*Data: Iris\./,
  );
  await page.screenshot({ path: '/tmp/h4-examples.png' });
  await list.getByRole('button', { name: 'Iris, one dense layer' }).click();
  await expect(examplesDialog(page)).toHaveCount(0);
  await expect(discardAsk(page)).toHaveCount(0); // XOR as opened had nothing unsaved
  await expect(title(page)).toHaveText('Iris: dense 4→3 σ (the paper)');
  // a name cut with an ellipsis shows itself whole as a tooltip: the diagram's and every box's
  await expect(title(page)).toHaveAttribute('title', 'Iris: dense 4→3 σ (the paper)');
  const labels = await page
    .locator('main .react-flow__node .box-label:not(.visually-hidden)')
    .evaluateAll((els) => els.map((e) => ({ text: e.textContent, title: e.getAttribute('title') })));
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect(l.title).toBe(l.text);
  await expect(dataPanel(page).getByRole('table')).toContainText('setosa');
  expect(record.consoleErrors).toEqual([]);
});

test('opening an example over unsaved work asks; Cancel keeps the work, Discard opens it', async ({ page, record }) => {
  await openEditor(page);
  const before = await nodes(page).count();
  await node(page, 'lin1').click();
  await page.keyboard.press('Delete');
  await expect(nodes(page)).toHaveCount(before - 1);

  await openExamples(page);
  await examplesDialog(page).getByRole('button', { name: 'Iris, hidden layer' }).click();
  await expect(discardAsk(page)).toBeVisible();
  await expect(discardAsk(page)).toContainText('The example “Iris, hidden layer” replaces it');
  await page.screenshot({ path: '/tmp/h4-discard.png' });
  await discardAsk(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(discardAsk(page)).toHaveCount(0);
  await expect(title(page)).toHaveText('XOR');
  await expect(nodes(page)).toHaveCount(before - 1);

  await openExamples(page);
  await examplesDialog(page).getByRole('button', { name: 'Iris, hidden layer' }).click();
  await discardAsk(page).getByRole('button', { name: 'Discard and open the example' }).click();
  await expect(title(page)).toHaveText('Iris: 4→20 σ → 3 σ (the paper)');
  await expect(dataPanel(page).getByLabel('Dataset')).toHaveValue('iris');
  // Undo brings the discarded work back, as after New diagram.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(title(page)).toHaveText('XOR');
  await expect(nodes(page)).toHaveCount(before - 1);
  await expect(node(page, 'lin1')).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});

test('the empty canvas says what to do, with the examples right there', async ({ page, record }) => {
  await openEditor(page);
  await newDiagram(page);
  const empty = page.getByRole('region', { name: 'Empty canvas' });
  await expect(empty).toContainText('Drag a box from the palette, or open an example.');
  await page.screenshot({ path: '/tmp/h4-empty-canvas.png' });
  await empty.getByRole('button', { name: 'Examples' }).click();
  await examplesDialog(page).getByRole('button', { name: 'MNIST, two dense layers' }).click();
  await expect(title(page)).toHaveText('MNIST: 784→128 relu→10');
  await expect(empty).toHaveCount(0);
  // the MNIST file (7.8 MB) is read and previewed in a worker: seconds on a busy machine
  await expect(dataPanel(page).getByRole('img', { name: /24 of 10000 images/ })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/h4-data-mnist.png' });
  expect(record.consoleErrors).toEqual([]);
});
