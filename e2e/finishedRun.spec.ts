/**
 * A finished run stays explorable: Step goes on from its final weights (no Reset, which would
 * throw them away) and says so, the Epoch figure never passes the run's plan, Play trains its
 * epochs more, and "Animate a step" on the run finished again traces the step it takes next.
 * One page and one run throughout: each check starts where the last left the run. A model file
 * exported one Step past the end opens again where the run stood: in the epoch under way.
 */
import { menuCommand, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel } from './trainingHelpers';

// A ceiling on waiting, not on speed: two runs and a trace on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

const status = (page: import('@playwright/test').Page) =>
  trainingPanel(page).getByRole('status', { name: 'Training status' });

test('Step on a finished run goes on from its weights, Play trains its epochs more, and Animate a step traces the next', async ({
  page,
  record,
}) => {
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

  // Finished again: Animate a step traces the step the run takes next, and takes it.
  const animation = page.getByRole('region', { name: 'Animation' });
  await animation.getByRole('button', { name: 'Animate a step' }).click();
  await expect(animation.getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 60_000 });
  await expect(animation.getByText('step 193', { exact: true })).toBeVisible();
  await expect(status(page)).toHaveText(/^Stepped on from the finished run: step 193 \(epoch 7\)/);
  expect(record.consoleErrors).toEqual([]);
});

test('a model exported one Step past a finished run opens again in the epoch under way, at its step', async ({
  page,
  record,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const epoch = trainingPanel(page).getByLabel('Epoch', { exact: true });
  const step = trainingPanel(page).getByLabel('Step', { exact: true });
  await openEditor(page);
  await setTrainingSetting(page, /^Epochs/, '3');
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 3 epochs, 96 steps/, { timeout: 30_000 });
  await trainingButton(page, 'Step').click();
  await expect(status(page)).toHaveText(/^Stepped on from the finished run: step 97 \(epoch 4\)/);
  await expect(epoch).toHaveText('4');
  await expect(trainingPanel(page).getByText('/ 6', { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export model' }).click();
  const file = info.outputPath('stepped.lensboard-model.json');
  await (await downloading).saveAs(file);
  const picking = page.waitForEvent('filechooser');
  await menuCommand(page, 'Open…');
  await (await picking).setFiles(file);
  // the diagram's edit (3 epochs) was never saved as a document: Open asks first
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard and open the file' })
    .click();
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText('trained 3 epochs (97 steps)');
  // Measured and held for Play: one step into epoch 4 of the 6 Play goes on to, as before the export.
  await expect(trainingPanel(page).getByLabel('Loss', { exact: true })).not.toHaveText('–', { timeout: 30_000 });
  await expect(step).toHaveText('97');
  await expect(epoch).toHaveText('4');
  await expect(trainingPanel(page).getByText('/ 6', { exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath('reopened.png') });
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 6 epochs, 192 steps/, { timeout: 30_000 });
  expect(record.consoleErrors).toEqual([]);
});
