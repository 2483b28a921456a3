/**
 * Training as a teacher meets it: open XOR, Step, hover a box to see its output follow the run,
 * press Play and watch the loss fall; pause, then Step takes exactly one step; Reset starts from
 * new weights (a higher loss again); train on an uploaded CSV; a learning rate of 1e6 stops the
 * run naming the box; the worker's tfjs keeps no tensor from step to step; and the engine shown
 * is the one that really runs (wasm's start is checked in e2e/smoke.spec.ts's wasm session).
 */
import type { Page } from '@playwright/test';
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';
import {
  pauseAtEight,
  setTrainingSetting,
  trainingButton,
  trainingPanel,
  trainingSetting,
  trainingValue,
  workerTensors,
} from './trainingHelpers';

const panel = trainingPanel;
const button = trainingButton;
const value = trainingValue;

const setSetting = setTrainingSetting;

/**
 * Hovering a box after the run's first step shows its output on the batch the run took; a step
 * later the card follows the run's weights, and leaving the box hides it.
 */
async function hoverFollowsTheRun(page: Page, shot: string): Promise<void> {
  const tanh = page.locator('.react-flow__node[data-id="tanh1"]');
  await tanh.hover();
  const card = page.getByRole('tooltip', { name: 'Output of tanh' });
  await expect(card).toContainText(/puts out 16×8 on the batch step 1 trained on \(batch 1 of \d+ in epoch 1\)/, {
    timeout: 30_000,
  });
  await expect(card).toContainText('weights after step 1');
  const read = async (name: string) => Number(await card.getByLabel(name, { exact: true }).textContent());
  const [min, mean, max] = [await read('min'), await read('mean'), await read('max')];
  expect(min).toBeGreaterThanOrEqual(-1);
  expect(max).toBeLessThanOrEqual(1);
  expect(min).toBeLessThanOrEqual(mean);
  expect(mean).toBeLessThanOrEqual(max);
  await page.screenshot({ path: shot });

  await button(page, 'Step').click();
  await tanh.hover();
  await expect(card).toContainText('weights after step 2', { timeout: 30_000 });
  await expect(card).toContainText('on the batch step 2 trained on (batch 2 of');
  await page.mouse.move(5, 5);
  await expect(card).toBeHidden();
}

test('XOR: Step shows the first loss and a box its output, Play makes the loss fall by 80%, Pause then Step takes exactly one step', async ({
  page,
  record,
}, info) => {
  await openEditor(page);
  await setSetting(page, /^Epochs/, '100000');
  await button(page, 'Step').click();
  await expect(panel(page).getByLabel('Step', { exact: true })).toHaveText('1');
  const first = await value(page, 'Loss');
  expect(first).toBeGreaterThan(0.3);
  await hoverFollowsTheRun(page, info.outputPath('box-output.png'));
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
  // where the setting lives is the field's description (its row's tooltip, in view)
  await expect(panel(page).getByLabel(/^Learning rate/)).toHaveAccessibleDescription(
    'Set on the drawn box “learning-rate (alpha)”.',
  );
  await button(page, 'Play').click();
  const alert = panel(page).getByRole('alert');
  await expect(alert).toHaveText(
    /^training stopped at step \d+ \(epoch 1\): its loss is not finite; the first box whose output is not finite is 'loss'.*the weights are rolled back to step \d+$/,
    { timeout: 30_000 },
  );
  await expect(button(page, 'Train more')).toBeVisible();
  expect(record.consoleErrors).toEqual([]);
});

test('editing the diagram while it trains pauses, then goes on with the edit from the same weights', async ({
  page,
  record,
}) => {
  await openEditor(page);
  await setSetting(page, /^Epochs/, '100000');
  await button(page, 'Play').click();
  await expect.poll(() => value(page, 'Step'), { timeout: 30_000 }).toBeGreaterThan(50);
  const points = page.getByRole('complementary', { name: 'Data' }).getByRole('spinbutton', { name: /^Points/ });
  await points.fill('200');
  await points.press('Enter');
  const notice = panel(page).getByRole('region', { name: 'The diagram changed' });
  await expect(notice).toBeVisible();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Paused after step \d+/);
  const at = await value(page, 'Step');
  await notice.getByRole('button', { name: 'Continue with the edit' }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(() => value(page, 'Step'), { timeout: 30_000 }).toBeGreaterThan(at + 20);
  await button(page, 'Pause').click();
  expect(record.consoleErrors).toEqual([]);
});

/** Points of the four XOR quadrants as a CSV file, with a label column of words. */
function quadrantsCsv(rows: number): string {
  const lines = ['x,y,quadrant'];
  for (let i = 0; i < rows; i++) {
    const x = ((i * 7) % 11) - 5 + 0.5;
    const y = ((i * 5) % 13) - 6 + 0.5;
    lines.push(`${x},${y},${x * y > 0 ? 'same sign' : 'opposite'}`);
  }
  return `${lines.join('\n')}\n`;
}

test('an uploaded CSV trains, and What it learnt shows its plane and confusion matrix', async ({ page, record }) => {
  await openEditor(page);
  const data = page.getByRole('complementary', { name: 'Data' });
  await data
    .getByLabel('Upload a CSV file')
    .setInputFiles({ name: 'quadrants.csv', mimeType: 'text/csv', buffer: Buffer.from(quadrantsCsv(80)) });
  await page
    .getByRole('dialog', { name: 'Columns of quadrants.csv' })
    .getByRole('button', { name: 'Use this data' })
    .click();
  await expect(data.getByLabel('Dataset')).toHaveValue('csv');
  await setSetting(page, /^Epochs/, '300');
  await button(page, 'Play').click();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Done: 300 epochs/, {
    timeout: 60_000,
  });
  await expect(panel(page).getByLabel('Accuracy', { exact: true })).toHaveText(/^(9\d|100)\.\d%$/);
  await panel(page).getByRole('tab', { name: 'What it learnt' }).click();
  await expect(
    panel(page).getByRole('img', { name: /The model's answer over the plane, with 80 training points/ }),
  ).toBeVisible();
  const table = panel(page).getByRole('table');
  await expect(table).toContainText(/Confusion on 80 training rows: \d+ right/);
  await expect(table.getByRole('columnheader', { name: 'same sign' })).toBeVisible();
  expect(record.consoleErrors).toEqual([]);
});

test('tfjs in the worker keeps no tensor from one step to the next', async ({ page, record }) => {
  await page.goto('/?engine=cpu&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  // XOR's 200 epochs can end before the check pauses at step 500: a run long enough not to
  await setTrainingSetting(page, /^Epochs/, '100000');
  await button(page, 'Play').click();
  await expect.poll(() => value(page, 'Step'), { timeout: 60_000 }).toBeGreaterThanOrEqual(50);
  await pauseAtEight(page);
  const at50 = await workerTensors(page);
  expect(at50).toBeGreaterThan(0);
  await button(page, 'Play').click();
  await expect.poll(() => value(page, 'Step'), { timeout: 120_000 }).toBeGreaterThanOrEqual(500);
  await pauseAtEight(page);
  expect(await workerTensors(page)).toBe(at50);
  await expect(page.getByTestId('backend-status')).toHaveText(/^tfjs · cpu/);
  expect(record.consoleErrors).toEqual([]);
});

test('the engine chosen is kept for the next visit', async ({ page, record }) => {
  await openEditor(page);
  await page.goto('/');
  await (await trainingSetting(page, 'Engine', true)).selectOption('wasm');
  await page.reload();
  await expect(await trainingSetting(page, 'Engine', true)).toHaveValue('wasm');
  await expect(page.getByTestId('backend-status')).toHaveText('— (next run: tfjs · wasm)');
  expect(record.consoleErrors).toEqual([]);
});

test('a lost WebGL context stops the run, keeps its weights, and offers another engine', async ({ page, record }) => {
  test.setTimeout(180_000); // SwiftShader's WebGL, then wasm starting cold
  await page.goto('/?engine=webgl&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await setSetting(page, /^Epochs/, '100000');
  await button(page, 'Play').click();
  await expect.poll(() => value(page, 'Step'), { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
  // webgl started in the worker, and the status bar says so
  await expect(page.getByTestId('backend-status')).toHaveText('tfjs · webgl · WebGL 2 · float32 render targets: yes');
  await button(page, 'Pause').click();
  await expect(panel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Paused/);
  const kept = await value(page, 'Step');
  await page.evaluate(() => (window as unknown as { lensboardLoseContext(): void }).lensboardLoseContext());
  await expect(panel(page).getByRole('alert')).toHaveText(
    new RegExp(
      `^The GPU's WebGL context was lost at step ${kept}, so training stopped\\. The weights of step ${kept} are kept`,
    ),
  );
  await panel(page).getByRole('button', { name: 'Continue on tfjs · wasm' }).click();
  await expect(page.getByTestId('backend-status')).toHaveText('tfjs · wasm', { timeout: 60_000 });
  await expect.poll(() => value(page, 'Step'), { timeout: 60_000 }).toBeGreaterThan(kept + 5);
  // WebGL itself reports the context it lost; that is the event under test, not an app error.
  expect(record.consoleErrors.filter((m) => !/CONTEXT_LOST|context lost/i.test(m))).toEqual([]);
});
