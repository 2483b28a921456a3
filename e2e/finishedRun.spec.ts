/**
 * A finished run stays explorable: Step goes on from its final weights (no Reset, which would
 * throw them away) and says so, the Epoch figure never passes the run's plan, and "Animate a
 * step" traces the step a finished run takes next.
 */
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel } from './trainingHelpers';

// A ceiling on waiting, not on speed: two runs and a trace on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

const status = (page: import('@playwright/test').Page) =>
  trainingPanel(page).getByRole('status', { name: 'Training status' });

test('Step on a finished run goes on from its weights, and Play trains its epochs more', async ({ page, record }) => {
  await openEditor(page);
  await setTrainingSetting(page, /^Epochs/, '3');
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 3 epochs, 96 steps in \d+\.\d+ s of training\./, { timeout: 30_000 });
  await expect(trainingPanel(page).getByLabel('Epoch', { exact: true })).toHaveText('3');
  await trainingButton(page, 'Step').click();
  await expect(status(page)).toHaveText(
    'Stepped on from the finished run: step 97 (epoch 4). Step takes one more batch; Play goes on.',
  );
  await expect(trainingPanel(page).getByLabel('Epoch', { exact: true })).toHaveText('4');
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 6 epochs, 192 steps/, { timeout: 30_000 });
  await expect(trainingPanel(page).getByLabel('Epoch', { exact: true })).toHaveText('6');
  expect(record.consoleErrors).toEqual([]);
});

test('Animate a step on a finished run traces the step it takes next', async ({ page, record }) => {
  await openEditor(page);
  await setTrainingSetting(page, /^Epochs/, '2');
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 2 epochs, 64 steps/, { timeout: 30_000 });
  const animation = page.getByRole('region', { name: 'Animation' });
  await animation.getByRole('button', { name: 'Animate a step' }).click();
  await expect(animation.getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 60_000 });
  await expect(animation.getByText('step 65', { exact: true })).toBeVisible();
  await expect(status(page)).toHaveText(/^Stepped on from the finished run: step 65 \(epoch 3\)/);
  expect(record.consoleErrors).toEqual([]);
});
