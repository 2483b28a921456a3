/**
 * Training as a teacher meets it: open XOR, press Play and watch the loss fall; pause, then Step
 * takes exactly one step; Reset starts from new weights (a higher loss again); train on an
 * uploaded CSV; a learning rate of 1e6 stops the run naming the box; the worker's tfjs keeps
 * no tensor from step to step; and the engine shown is the one that really runs.
 */
import type { Page } from '@playwright/test';
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

const panel = (page: Page) => page.getByRole('region', { name: 'Training' });
const button = (page: Page, name: string) => panel(page).getByRole('button', { name, exact: true });

async function value(page: Page, name: string): Promise<number> {
  return Number(await panel(page).getByLabel(name, { exact: true }).textContent());
}

async function setSetting(page: Page, label: string | RegExp, text: string): Promise<void> {
  const field = panel(page).getByLabel(label);
  await field.fill(text);
  await field.press('Enter');
}

test('XOR: Step shows the first loss, Play makes it fall by 80%, Pause then Step takes exactly one step', async ({
  page,
  record,
}) => {
  await openEditor(page);
  await setSetting(page, /^Epochs/, '100000');
  await button(page, 'Step').click();
  await expect(panel(page).getByLabel('Step', { exact: true })).toHaveText('1');
  const first = await value(page, 'Loss');
  expect(first).toBeGreaterThan(0.3);
  await button(page, 'Play').click();
  await expect(button(page, 'Pause')).toBeVisible();
  await expect.poll(() => value(page, 'Loss'), { timeout: 30_000 }).toBeLessThan(0.2 * first);
  await button(page, 'Pause').click();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Paused after step \d+/);
  const at = await value(page, 'Step');
  await button(page, 'Step').click();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(
    `Paused after step ${at + 1}. Step takes one more batch; Play goes on.`,
  );
  await expect(panel(page).getByLabel('Step', { exact: true })).toHaveText(String(at + 1));
  const trained = await value(page, 'Loss');

  await button(page, 'Reset').click();
  await expect(panel(page).getByLabel('Step', { exact: true })).toHaveText('0');
  await button(page, 'Step').click();
  await expect(panel(page).getByLabel('Step', { exact: true })).toHaveText('1');
  expect(await value(page, 'Loss')).toBeGreaterThan(10 * trained);
  expect(record.consoleErrors).toEqual([]);
});

test('a run ends, and Train more goes on from where it stopped', async ({ page, record }) => {
  await openEditor(page);
  await setSetting(page, /^Epochs/, '3');
  await button(page, 'Play').click();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Done: 3 epochs, 96 steps/, {
    timeout: 30_000,
  });
  await panel(page).getByLabel('More epochs').fill('2');
  await button(page, 'Train more').click();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Done: 5 epochs, 160 steps/, {
    timeout: 30_000,
  });
  await expect(panel(page).getByLabel('Epoch', { exact: true })).toHaveText('5');
  expect(record.consoleErrors).toEqual([]);
});

test('a learning rate of 1e6 stops the run, naming the box, with the weights rolled back', async ({ page, record }) => {
  await openEditor(page);
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'Linear regression' }).click();
  await setSetting(page, /^Learning rate/, '1e6');
  await expect(panel(page).getByText('Set on the drawn box “learning-rate (alpha)”.')).toBeVisible();
  await button(page, 'Play').click();
  const alert = panel(page).getByRole('alert');
  await expect(alert).toHaveText(
    /^training stopped at step \d+ \(epoch 1\): its loss is not finite; the first box whose output is not finite is 'loss'.*the weights are rolled back to step \d+$/,
    { timeout: 30_000 },
  );
  await expect(button(page, 'Train more')).toBeVisible();
  expect(record.consoleErrors).toEqual([]);
});

test('tfjs in the worker keeps no tensor from one step to the next', async ({ page, record }) => {
  await page.goto('/?engine=cpu&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  const tensors = () =>
    page.evaluate(() => (window as unknown as { lensboardTensors(): Promise<number> }).lensboardTensors());
  await button(page, 'Play').click();
  await expect.poll(() => value(page, 'Step'), { timeout: 60_000 }).toBeGreaterThanOrEqual(50);
  await button(page, 'Pause').click();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Paused/);
  const at50 = await tensors();
  expect(at50).toBeGreaterThan(0);
  await button(page, 'Play').click();
  await expect.poll(() => value(page, 'Step'), { timeout: 120_000 }).toBeGreaterThanOrEqual(500);
  await button(page, 'Pause').click();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Paused/);
  expect(await tensors()).toBe(at50);
  await expect(page.getByTestId('backend-status')).toHaveText(/^tfjs · cpu/);
  expect(record.consoleErrors).toEqual([]);
});

test('wasm starts in the worker, its files served from our own origin', async ({ page, record }) => {
  await page.goto('/?engine=wasm');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await button(page, 'Step').click();
  await expect(page.getByTestId('backend-status')).toHaveText('tfjs · wasm', { timeout: 60_000 });
  expect(record.foreignRequests).toEqual([]);
  expect(record.consoleErrors).toEqual([]);
});

test('the engine chosen is kept for the next visit', async ({ page, record }) => {
  await openEditor(page);
  await page.goto('/');
  await panel(page).getByLabel('Engine', { exact: true }).selectOption('wasm');
  await page.reload();
  await expect(panel(page).getByLabel('Engine', { exact: true })).toHaveValue('wasm');
  await expect(page.getByTestId('backend-status')).toHaveText('— (next run: tfjs · wasm)');
  expect(record.consoleErrors).toEqual([]);
});

test('webgl starts in the worker and the status bar says so', async ({ page, record }) => {
  await page.goto('/?engine=webgl');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await button(page, 'Step').click();
  await expect(page.getByTestId('backend-status')).toHaveText('tfjs · webgl · WebGL 2 · float32 render targets: yes', {
    timeout: 60_000,
  });
  await expect(panel(page).getByLabel('Step', { exact: true })).toHaveText('1', { timeout: 60_000 });
  expect(record.foreignRequests).toEqual([]);
  expect(record.consoleErrors).toEqual([]);
});
