/**
 * The data leaves with the model (docs/data-export.md): a teacher opens the Iris example, holds
 * out a fifth of the rows, and downloads the data from the Data panel — the raw rows as one CSV
 * with a `split` column, and beside it the JSON of the dataset, the split and the preparation —
 * and uploads the CSV back, its split column taken as the split.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const data = (page: Page) => page.getByRole('complementary', { name: 'Data' });

async function save(page: Page, button: string, path: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await data(page).getByRole('button', { name: button }).click();
  const download = await downloading;
  await download.saveAs(path);
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test('the Iris example’s rows download as a CSV with their split and preparation', async ({ page, record }, info) => {
  await page.goto('/?backend=cpu');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'Iris, hidden layer' }).click();
  await expect(data(page).getByRole('table')).toContainText('8 of 150 rows');
  const split = data(page).getByRole('spinbutton', { name: /^Test split, % of rows/ });
  await split.fill('20');
  await split.press('Enter');

  const csv = await save(page, 'Download data (CSV)', info.outputPath('iris.csv'));
  expect(csv.name).toBe('iris.csv');
  await expect(data(page).getByRole('status', { name: 'Data download' })).toHaveText(
    'Saved iris.csv: 150 rows, 120 train, 30 test (seed 1).',
  );
  const lines = csv.text.trimEnd().split('\n');
  expect(lines[0]).toBe('split,sepal length,sepal width,petal length,petal width,class');
  expect(lines).toHaveLength(1 + 150);
  expect(lines.filter((l) => l.startsWith('test,'))).toHaveLength(30);
  expect(lines[1]).toMatch(/^train,\d(\.\d)?,\d(\.\d)?,\d(\.\d)?,\d(\.\d)?,(setosa|versicolor|virginica)$/);

  const json = await save(page, 'Download preparation (JSON)', info.outputPath('iris.preparation.json'));
  expect(json.name).toBe('iris.preparation.json');
  expect(JSON.parse(json.text)).toMatchObject({
    dataset: { id: 'iris' },
    split: { column: 'split', seed: 1, testFraction: 0.2, train: 120, test: 30 },
    preparation: { encoding: { kind: 'identity' }, classes: { names: ['setosa', 'versicolor', 'virginica'] } },
  });

  // back in through the CSV import: the split column is the split, its test rows the test rows
  await split.fill('0');
  await split.press('Enter');
  await data(page).getByLabel('Upload a CSV file').setInputFiles(info.outputPath('iris.csv'));
  const dialog = page.getByRole('dialog', { name: 'Columns of iris.csv' });
  await expect(dialog.getByLabel('Role of split')).toHaveValue('split');
  await expect(dialog.getByLabel('Role of sepal length')).toHaveValue('feature');
  await expect(dialog.getByLabel('Role of class')).toHaveValue('label');
  await expect(dialog).toContainText('The column split says which rows train and which test');
  await dialog.getByRole('button', { name: 'Use this data' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(data(page).getByLabel('Dataset').locator('option:checked')).toHaveText('iris.csv');
  await expect(split).toHaveValue('20');
  expect(record.consoleErrors).toEqual([]);
});
