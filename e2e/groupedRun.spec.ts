/**
 * Grouping boxes as a Para box changes the drawing, not what is trained (the compiler draws
 * groups through): the run stays the run. After a grouping, and after its Undo, Play, Step and
 * Animate a step go on from where the run stands, its seconds are all its own, and Runs lists
 * one run of this document. A real edit (the batch size) still pauses a run and offers to go on with it.
 */
import type { Page } from '@playwright/test';
import { menuCommand, node, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel } from './trainingHelpers';

// Three runs' worth of XOR and a grouping on a busy two-core machine: a ceiling on waiting.
test.describe.configure({ timeout: 120_000 });

const status = (page: Page) => trainingPanel(page).getByRole('status', { name: 'Training status' });
const editAsked = (page: Page) => trainingPanel(page).getByRole('region', { name: 'The diagram changed' });
const groups = (page: Page) => page.locator('main .react-flow__node-group');

test('a grouping keeps the run: Play goes on from its weights, and Runs keeps one run', async ({
  page,
  record,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page);
  await setTrainingSetting(page, /^Epochs/, '3');
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 3 epochs, 96 steps in \d+\.\d+ s of training\./, { timeout: 30_000 });

  await node(page, 'lin1').click();
  for (const id of ['W1', 'bias1', 'b1', 'tanh1']) await node(page, id).click({ modifiers: ['Shift'] });
  await menuCommand(page, 'Group as Para box');
  await expect(groups(page)).toHaveCount(1);
  // the same run, trained 3 epochs more in its worker: none of its steps came from elsewhere
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 6 epochs, 192 steps in \d+\.\d+ s of training\./, {
    timeout: 30_000,
  });
  await expect(editAsked(page)).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('grouped-played.png') });
  // the run's next step, traced, is drawn on the grouped drawing: it trains the same morphism
  const animation = page.getByRole('region', { name: 'Animation' });
  await animation.getByRole('button', { name: 'Animate a step' }).click();
  await expect(animation.getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 60_000 });
  await expect(animation.getByText('step 193', { exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath('grouped-animated.png') });

  await menuCommand(page, 'Undo');
  await expect(groups(page)).toHaveCount(0);
  await trainingButton(page, 'Step').click();
  await expect(status(page)).toHaveText(/^Stepped on from the finished run: step 194 \(epoch 7\)/);
  await expect(editAsked(page)).toHaveCount(0);
  await menuCommand(page, 'Redo');
  await expect(groups(page)).toHaveCount(1);
  await expect(editAsked(page)).toHaveCount(0);
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 9 epochs, 288 steps in \d+\.\d+ s of training\./, {
    timeout: 30_000,
  });

  await trainingPanel(page).getByRole('tab', { name: 'Runs' }).click();
  const runs = trainingPanel(page).getByRole('tabpanel', { name: 'Runs' });
  const own = runs.getByRole('list', { name: 'Runs of this document' }).getByRole('listitem');
  await expect(own).toHaveCount(1);
  await expect(own).toContainText('9 epochs, 288 steps');
  await expect(runs.getByRole('list', { name: 'Runs of other documents on the same data' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('grouped-runs.png') });

  // A real edit of what is trained still sets the run aside: paused, it asks.
  await trainingPanel(page).getByRole('tab', { name: 'Charts' }).click();
  await trainingButton(page, 'Step').click();
  await expect(status(page)).toHaveText(/^Stepped on from the finished run: step 289/);
  await setTrainingSetting(page, /^Batch size/, '8');
  await expect(editAsked(page)).toBeVisible();
  expect(record.consoleErrors).toEqual([]);
});
