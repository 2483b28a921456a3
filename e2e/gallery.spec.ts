/**
 * The gallery as a class meets it: the Examples dialog lists the examples in their groups with
 * their captions; three of them — an optimiser compared, a residual block, a Boolean circuit —
 * open from it and train when Play is pressed: the loss shown falls.
 */
import type { Page } from '@playwright/test';
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

const examplesDialog = (page: Page) => page.getByRole('dialog', { name: 'Examples' });
const panel = (page: Page) => page.getByRole('region', { name: 'Training' });
const button = (page: Page, name: string) => panel(page).getByRole('button', { name, exact: true });
const loss = async (page: Page) => Number(await panel(page).getByLabel('Loss', { exact: true }).textContent());

async function openFromGallery(page: Page, group: string, name: string, title: string): Promise<void> {
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  const section = examplesDialog(page).getByRole('region', { name: group });
  await section.getByRole('button', { name, exact: true }).click();
  await expect(examplesDialog(page)).toHaveCount(0);
  await expect(page.getByLabel('Diagram name')).toHaveText(title);
}

/** Step once to read the first loss, then Play until the loss shown is below `share` of it. */
async function playUntilLossFalls(page: Page, share: number): Promise<void> {
  await button(page, 'Step').click();
  // the first step starts the worker and compiles the learner: seconds on a busy machine
  await expect(panel(page).getByLabel('Step', { exact: true })).toHaveText('1', { timeout: 30_000 });
  const first = await loss(page);
  expect(first).toBeGreaterThan(0);
  await button(page, 'Play').click();
  await expect.poll(() => loss(page), { timeout: 60_000 }).toBeLessThan(share * first);
}

test('the Examples dialog shows the gallery grouped, each example with its caption', async ({ page, record }, info) => {
  await openEditor(page);
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  const dialog = examplesDialog(page);
  for (const group of [
    'First learners',
    'The paper’s experiments',
    'Optimisers compared',
    'Constructions',
    'Boolean circuits (ℤ₂)',
  ])
    await expect(dialog.getByRole('heading', { name: group })).toBeVisible();
  const optimisers = dialog.getByRole('region', { name: 'Optimisers compared' }).getByRole('button');
  await expect(optimisers).toHaveText([/^Gradient descent/, /^Momentum/, /^Nesterov/, /^AdaGrad/, /^Adam/]);
  await expect(dialog.getByRole('button', { name: 'Binarised Iris, 3 classes' })).toHaveAccessibleDescription(
    /73\.3% with the UCI file’s rows.*74\.7%.*Data: Iris over ℤ₂\./,
  );
  await page.screenshot({ path: info.outputPath('gallery.png') });
  await dialog.getByRole('heading', { name: 'Boolean circuits (ℤ₂)' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('gallery-bottom.png') });
  expect(record.consoleErrors).toEqual([]);
});

test('Adam, from the optimisers compared: Play makes the loss fall', async ({ page, record }) => {
  await openEditor(page);
  await openFromGallery(page, 'Optimisers compared', 'Adam', 'Moons by Adam: 2→8 tanh→2');
  await playUntilLossFalls(page, 0.5);
  expect(record.consoleErrors).toEqual([]);
});

test('a residual connection: Play makes the loss fall', async ({ page, record }, info) => {
  await openEditor(page);
  await openFromGallery(page, 'Constructions', 'Residual connection', 'Residual: h + tanh(hW + b)');
  await playUntilLossFalls(page, 0.5);
  await page.screenshot({ path: info.outputPath('residual.png') });
  expect(record.consoleErrors).toEqual([]);
});

test('a parity circuit over ℤ₂, its wires typed as bits, learns by RDA until no bit is wrong', async ({
  page,
  record,
}, info) => {
  await openEditor(page);
  await openFromGallery(page, 'Boolean circuits (ℤ₂)', 'Parity circuit', 'Parity circuit over ℤ₂ (RDA)');
  // its wires carry bits: their types are written on them (and they are drawn as double lines)
  await expect(page.getByText('4 bits', { exact: true }).first()).toBeVisible();
  await playUntilLossFalls(page, 0.01);
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Done/, { timeout: 30_000 });
  expect(await loss(page)).toBe(0);
  await page.screenshot({ path: info.outputPath('parity.png') });
  expect(record.consoleErrors).toEqual([]);
});

test('fitting a curve: Play makes the loss fall, and What it learnt draws the curve through the points', async ({
  page,
  record,
}, info) => {
  test.setTimeout(180_000); // 300 epochs, then the view reads the model: long on a busy machine
  await openEditor(page);
  await openFromGallery(page, 'First learners', 'Fitting a curve', 'Curve: a hidden layer fits sin x');
  await playUntilLossFalls(page, 0.2);
  await panel(page).getByRole('tab', { name: 'What it learnt' }).click();
  await expect(
    panel(page).getByRole('img', { name: "The model's curve (red) through 160 training points and 40 test points" }),
  ).toBeVisible();
  await page.screenshot({ path: info.outputPath('curve.png') });
  expect(record.consoleErrors).toEqual([]);
});
