/**
 * Deep dreaming as a teacher shows it (docs/dreaming.md): open the Deep dreaming example, press
 * Play to train the digits for its epoch, then on the data input box choose to learn the input
 * and press Play again: the picture changes as the learner moves it, and the model's belief that
 * it is a 3 rises.
 */
import type { Page } from '@playwright/test';
import { inspector, node, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

const panel = (page: Page) => page.getByRole('region', { name: 'Training' });
const button = (page: Page, name: string) => panel(page).getByRole('button', { name, exact: true });
const dreamImage = (page: Page) =>
  page.getByRole('region', { name: 'The dream' }).getByRole('img', { name: /The dreamed input, 28×28/ });

async function setSetting(page: Page, label: RegExp, text: string): Promise<void> {
  const field = panel(page).getByLabel(label);
  await field.fill(text);
  await field.press('Enter');
}

/** The belief in the target the view shows, as a fraction (NaN before the run reports one). */
async function belief(page: Page): Promise<number> {
  const text = (await page.getByRole('region', { name: 'The dream' }).locator('.dream-score').textContent()) ?? '';
  return Number.parseFloat(text) / 100;
}

/** The dreamed picture's pixels, as the canvas holds them. */
async function pixels(page: Page): Promise<number[]> {
  return dreamImage(page).evaluate((c) => {
    const canvas = c as HTMLCanvasElement;
    const g = canvas.getContext('2d');
    return g ? Array.from(g.getImageData(0, 0, canvas.width, canvas.height).data) : [];
  });
}

test('the Deep dreaming example trains, then learns the picture of a 3 with the weights fixed', async ({
  page,
  record,
}) => {
  test.setTimeout(240_000);
  await openEditor(page);
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'Deep dreaming' }).click();
  await expect(page.getByLabel('Diagram name')).toHaveText('Deep dreaming: the picture of a 3');

  // train the weights for the example's one epoch
  await button(page, 'Play').click();
  await expect(panel(page).getByText(/^Done: 1 epoch,/)).toBeVisible({ timeout: 120_000 });

  // the Para choice, on the data input box: its wire becomes the learnt one, the weights fixed
  await node(page, 'x').click();
  const choice = inspector(page).getByRole('group', { name: 'Learnt wires (Para)' });
  await expect(choice.getByLabel('the weights (train)')).toBeChecked();
  await choice.getByLabel('the input (dream)').check();
  await expect(inspector(page).getByText('This data wire is learnt.')).toBeVisible();
  await inspector(page).screenshot({ path: '/tmp/h16c-dream-inspector.png' });
  await panel(page).getByRole('tab', { name: 'Dream' }).click();
  await expect(panel(page).getByRole('group', { name: 'Learn' }).getByLabel('the input (dream)')).toBeChecked();
  await expect(panel(page).getByLabel('Target class')).toHaveValue('3');
  // a short dream first, to see where it starts: a few hundred steps take about a second
  await setSetting(page, /^Dream steps/, '5');
  await button(page, 'Play').click();
  await expect(panel(page).getByText(/^Done: 6 epochs/)).toBeVisible({ timeout: 60_000 });
  await expect(dreamImage(page)).toBeVisible();
  await expect.poll(() => belief(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const early = { score: await belief(page), image: await pixels(page) };
  await page.screenshot({ path: '/tmp/h16c-dream-early.png' });

  await setSetting(page, /^Dream steps/, '300');
  await button(page, 'Play').click();
  await expect(panel(page).getByText(/^Done: 306 epochs/)).toBeVisible({ timeout: 120_000 });
  await expect.poll(() => belief(page), { timeout: 30_000 }).toBeGreaterThan(0.9);
  const late = { score: await belief(page), image: await pixels(page) };
  expect(late.score).toBeGreaterThan(early.score);
  expect(late.image).not.toEqual(early.image);
  // a digit-like picture: some ink, on mostly blank paper
  const ink = late.image.filter((_, i) => i % 4 === 0).filter((r) => r < 128).length;
  expect(ink).toBeGreaterThan(40);
  expect(ink).toBeLessThan(500);
  await panel(page).screenshot({ path: '/tmp/h16c-dream-panel.png' });
  await page.screenshot({ path: '/tmp/h16c-dream-page.png' });
  expect(record.consoleErrors).toEqual([]);
});
