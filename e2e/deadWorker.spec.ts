/**
 * A training worker that dies behind the page's back (the `?debug` hook terminates it without a
 * word, as a crash would): the panel says so within seconds, keeps the numbers and the weights of
 * the worker's last kept copy, no control waits for it, and Play starts a new worker that counts
 * on from there (docs/training-panel.md, "A worker that dies").
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel, trainingValue } from './trainingHelpers';

const kill = (page: Page) =>
  page.evaluate(() => (window as unknown as { lensboardKillWorker(): void }).lensboardKillWorker());
/**
 * Kills the worker and presses a training button in one task: pressed later, on a busy machine
 * the button could already be the dead state's (Pause turns into Play once the death is seen).
 */
const killThenPress = (page: Page, name: string) =>
  trainingButton(page, name).evaluate((button) => {
    (window as unknown as { lensboardKillWorker(): void }).lensboardKillWorker();
    (button as HTMLButtonElement).click();
  });
const status = (page: Page) => trainingPanel(page).getByRole('status', { name: 'Training status' });
const DEAD =
  /^The training worker stopped answering \(no reply for \d+\.\d s\)\. The weights of its last snapshot \(step \d+\) are kept: Play starts a new worker from them\.$/;

test('a killed worker is noticed, its numbers kept, and Play goes on from its weights', async ({ page, record }) => {
  test.setTimeout(120_000);
  await page.goto('/?engine=typed&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  await setTrainingSetting(page, /^Epochs/, '50000');
  await trainingButton(page, 'Play').click();
  await expect.poll(() => trainingValue(page, 'Step'), { timeout: 30_000 }).toBeGreaterThan(100);
  // The worker sends a copy of its weights every second while it runs: let one be taken after the first steps.
  await page.waitForTimeout(1500);
  await kill(page);
  const alert = trainingPanel(page).getByRole('alert');
  await expect(alert).toHaveText(DEAD, { timeout: 20_000 });
  const kept = await trainingValue(page, 'Step');
  expect(kept).toBeGreaterThan(0);
  expect(Number((await alert.textContent())?.match(/step (\d+)/)?.[1])).toBe(kept);

  await trainingButton(page, 'Play').click();
  await expect(trainingButton(page, 'Pause')).toBeVisible();
  await expect.poll(() => trainingValue(page, 'Step'), { timeout: 30_000 }).toBeGreaterThan(kept + 100);

  // Pause asked of a worker that has just died waits for no answer for ever.
  await page.waitForTimeout(1500);
  await killThenPress(page, 'Pause');
  await expect(alert).toHaveText(DEAD, { timeout: 20_000 });
  const again = await trainingValue(page, 'Step');
  expect(again).toBeGreaterThan(kept);

  // Step starts a new worker from the kept weights, parked after one step; killed, Step again does not hang.
  await trainingButton(page, 'Step').click();
  await expect(status(page)).toHaveText(`Paused after step ${again + 1}. Step takes one more batch; Play goes on.`);
  await killThenPress(page, 'Step');
  await expect(alert).toHaveText(DEAD, { timeout: 20_000 });
  await expect(trainingPanel(page).getByLabel('Step', { exact: true })).toHaveText(String(again + 1));

  await trainingButton(page, 'Reset').click();
  await expect(trainingPanel(page).getByLabel('Step', { exact: true })).toHaveText('0');
  await expect(status(page)).toHaveText(/^Ready/);
  expect(record.consoleErrors).toEqual([]);
});
