/**
 * Export → PyTorch as a teacher meets it: disabled until there are trained weights, then, after
 * a short run of XOR, one click saves `XOR-pytorch.zip` holding model.py, the weights, train.py,
 * a README and the data's preparation in one folder; Python's zipfile reads it back.
 */
import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { trainingSetting } from './trainingHelpers';

test.describe.configure({ timeout: 180_000 });

const panel = (page: Page) => page.getByRole('region', { name: 'Training' });
const status = (page: Page) => panel(page).getByRole('status', { name: 'Training status' });
const exportTo = (page: Page) => page.getByRole('button', { name: 'Export to…' });

test('a trained XOR exports as a PyTorch package in one zip', async ({ page, record }, info) => {
  await page.goto('/?engine=typed');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  await expect(exportTo(page)).toBeDisabled();
  await expect(exportTo(page)).toHaveAttribute('title', /train first/);

  const epochs = await trainingSetting(page, /^Epochs/);
  await epochs.fill('2');
  await epochs.press('Enter');
  await panel(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(status(page)).toHaveText(/^Done: 2 epochs/, { timeout: 30_000 });
  await expect(exportTo(page)).toBeEnabled();
  await exportTo(page).click();
  const menu = page.getByRole('menu', { name: 'Export to' });
  await expect(menu.getByRole('menuitem')).toHaveText([/^PyTorch/, /^ONNX/, /^tfjs graph model/]);
  await page.locator('header').screenshot({ path: info.outputPath('export-pytorch-button.png') });

  const downloading = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: /^PyTorch/ }).click();
  await expect(menu).toHaveCount(0);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('XOR-pytorch.zip');
  const path = info.outputPath('XOR-pytorch.zip');
  await download.saveAs(path);
  const listed = spawnSync(
    'python3',
    [
      '-c',
      'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(*z.namelist())',
      path,
    ],
    { encoding: 'utf8' },
  );
  expect(listed.stderr).toBe('');
  expect(listed.stdout.trim().split(' ')).toEqual([
    'XOR-pytorch/model.py',
    'XOR-pytorch/weights.safetensors',
    'XOR-pytorch/train.py',
    'XOR-pytorch/README.md',
    'XOR-pytorch/preparation.json',
  ]);
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText('Exported the model for PyTorch');
  expect(record.consoleErrors).toEqual([]);
});
