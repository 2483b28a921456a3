/**
 * The training panel as a test drives it, shared by the specs that train: its buttons and
 * numbers, and the worker's tfjs tensor count compared at the same place in the trainer's cycle.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const trainingPanel = (page: Page) => page.getByRole('region', { name: 'Training' });
export const trainingButton = (page: Page, name: string) =>
  trainingPanel(page).getByRole('button', { name, exact: true });

export async function trainingValue(page: Page, name: string): Promise<number> {
  return Number(await trainingPanel(page).getByLabel(name, { exact: true }).textContent());
}

/**
 * A training setting's field, shown as a user shows it: a narrow panel (1280×720 with every side
 * panel open) folds its settings to a rail, opened by its heading, and the settings a class rarely
 * changes (engine, batch size, loss, seed) are folded under "More settings".
 */
export async function trainingSetting(page: Page, label: string | RegExp, exact = false) {
  const field = trainingPanel(page).getByLabel(label, { exact });
  for (const [fold, heading] of [
    ['details.train-settings-box', 'Settings'],
    ['details.train-settings-more', 'More settings'],
  ]) {
    const details = trainingPanel(page).locator(fold);
    // the settings come after the canvas's first paint: wait for them before looking
    await expect(trainingPanel(page).locator('details.train-settings-more')).toHaveCount(1);
    if (!(await field.isVisible()) && (await details.getAttribute('open')) === null)
      await details.locator(':scope > summary').getByText(heading, { exact: true }).click();
  }
  await expect(field).toBeVisible();
  return field;
}

/** Types a training setting and presses Enter, as a user sets it. */
export async function setTrainingSetting(page: Page, label: string | RegExp, text: string): Promise<void> {
  const field = await trainingSetting(page, label);
  await field.fill(text);
  await field.press('Enter');
}

/** The tensors alive in the worker's tfjs (the `?debug` hook), once nothing is under way. */
export const workerTensors = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { lensboardTensors(): Promise<number> }).lensboardTensors());

/**
 * Pauses the run, then steps it on to a multiple of 8: the trainer keeps a copy of its weights
 * every 8 steps (to roll back to), so tensor counts compare at the same place in that cycle.
 */
export async function pauseAtEight(page: Page): Promise<void> {
  const status = trainingPanel(page).getByRole('status', { name: 'Training status' });
  await trainingButton(page, 'Pause').click();
  await expect(status).toHaveText(/^Paused/);
  for (let step = await trainingValue(page, 'Step'); step % 8 !== 0; step++) {
    await trainingButton(page, 'Step').click();
    await expect(status).toHaveText(new RegExp(`^Paused after step ${step + 1}\\.`));
  }
}
