/**
 * The Data panel as a user meets it: pick a dataset and see the preview change, change an
 * option and undo it, have an option out of range refused with its range, upload a CSV (file
 * picker and drop), choose its columns' roles, see a bad file's row and column, and see the
 * uploaded rows reach a real training worker.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const data = (page: Page) => page.getByRole('complementary', { name: 'Data' });
const plot = (page: Page) => data(page).getByRole('img');
const rolesDialog = (page: Page, file: string) => page.getByRole('dialog', { name: `Columns of ${file}` });

async function open(page: Page): Promise<void> {
  page.on('dialog', (d) => {
    throw new Error(`unexpected native dialog: ${d.message()}`);
  });
  await page.goto('/?backend=cpu&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 500 points/);
}

/** Points of the four XOR quadrants: a label column of words, and an id column to ignore. */
function quadrantsCsv(rows: number): string {
  const lines = ['id,x,y,quadrant'];
  for (let i = 0; i < rows; i++) {
    const x = ((i * 7) % 11) - 5 + 0.5;
    const y = ((i * 5) % 13) - 6 + 0.5;
    lines.push(`p${i},${x},${y},${x * y > 0 ? 'same sign' : 'opposite'}`);
  }
  return `${lines.join('\n')}\n`;
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('picking a dataset changes the preview: points, a table, images', async ({ page, record }) => {
  await open(page);
  const select = data(page).getByLabel('Dataset');
  await select.selectOption({ label: 'Spirals' });
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 500 points.*250 negative \(orange\), 250 positive/);
  await select.selectOption({ label: 'Iris' });
  await expect(data(page).getByRole('table')).toContainText('virginica');
  await expect(data(page).getByRole('table')).toContainText('8 of 150 rows');
  await expect(data(page).getByRole('status')).toContainText(
    'The diagram does not fit this data yet: 4 numbers cannot feed 2 numbers',
  );
  // the compiler's message on the box itself, in the plain words a first visit reads
  await expect(page.locator('main .react-flow__node[data-id="lin1"]').getByRole('note')).toHaveText(
    /^4 numbers cannot feed 2 numbers/,
  );
  await page.screenshot({ path: '/tmp/h4-data-iris.png' });
  await select.selectOption({ label: 'Bumps (regression)' });
  await expect(plot(page)).toHaveAccessibleName(/1200 points.*orange \(low target\) to blue \(high\)/);
  await page.screenshot({ path: '/tmp/h4-data-bump.png' });
  await select.selectOption({ label: 'Parity' });
  await expect(data(page).getByRole('table')).toContainText('8 of 16 rows');
  // the text is fetched from the app's own public/data, and windows are read as text
  await select.selectOption({ label: 'Text: State of the Union (characters)' });
  await expect(data(page).getByRole('table')).toContainText('8 of 2000 rows');
  await expect(data(page).getByRole('columnheader', { name: 'window' })).toBeVisible();
  await select.selectOption({ label: 'Add two numbers' });
  await expect(data(page).getByRole('table')).toContainText(/\d{3}\+\d{3}=\d{3}/);
  expect(record.consoleErrors).toEqual([]);
});

test('an option is one undoable edit; a value out of range is refused with the range', async ({ page, record }) => {
  await open(page);
  const points = data(page).getByRole('spinbutton', { name: /^Points/ });
  await points.fill('200');
  await points.press('Enter');
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 200 points/);
  await data(page)
    .getByRole('spinbutton', { name: /^Noise/ })
    .fill('0.5');
  await data(page)
    .getByRole('spinbutton', { name: /^Noise/ })
    .press('Enter');
  await expect(plot(page)).toHaveAccessibleName(/200 points/);
  await page.screenshot({ path: '/tmp/h4-data-xor-noise.png' });

  const undo = page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Undo' });
  await undo.click();
  await expect(data(page).getByRole('spinbutton', { name: /^Noise/ })).toHaveValue('0');
  await undo.click();
  await expect(points).toHaveValue('500');
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 500 points/);
  await expect(undo).toBeDisabled();

  await points.fill('1000000000');
  await points.press('Enter');
  await expect(data(page).getByRole('alert')).toHaveText('Points: 1000000000 is out of range 1…100000');
  await expect(points).toHaveAttribute('aria-invalid', 'true');
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 500 points/);
  await expect(undo).toBeDisabled(); // nothing changed in the document
  await page.screenshot({ path: '/tmp/h4-data-refused.png' });

  const split = data(page).getByRole('spinbutton', { name: /^Test split, % of rows/ });
  await split.fill('20');
  await split.press('Enter');
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(split).toHaveValue('0');
  expect(record.consoleErrors).toEqual([]);
});

test('an uploaded CSV: roles chosen in a dialog, bound, previewed, and its rows reach the training worker', async ({
  page,
  record,
}) => {
  await open(page);
  await data(page)
    .getByLabel('Upload a CSV file')
    .setInputFiles(csvFile('quadrants.csv', quadrantsCsv(60)));
  const dialog = rolesDialog(page, 'quadrants.csv');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('60 rows');
  // the guess: the id column (text) ignored, x and y features, the last column the label
  await expect(dialog.getByLabel('Role of id')).toHaveValue('ignore');
  await expect(dialog.getByLabel('Role of x')).toHaveValue('feature');
  await expect(dialog.getByLabel('Role of quadrant')).toHaveValue('label');
  await expect(dialog.getByLabel('classes (one output per class)')).toBeChecked();
  await page.screenshot({ path: '/tmp/h4-csv-dialog.png' });
  await dialog.getByRole('button', { name: 'Use this data' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(data(page).getByLabel('Dataset')).toHaveValue('csv');
  await expect(data(page).getByLabel('Dataset').locator('option:checked')).toHaveText('quadrants.csv');
  await expect(plot(page)).toHaveAccessibleName(
    /Scatter plot of 60 points, x across and y up: \d+ opposite \(orange\)/,
  );
  await expect(data(page).getByRole('status')).toHaveCount(0); // 2 features, 2 classes: fits the XOR diagram
  await page.screenshot({ path: '/tmp/h4-data-csv.png' });

  const run = await page.evaluate(() =>
    (window as unknown as { lensboardTrainOnce(s: object): Promise<unknown> }).lensboardTrainOnce({
      engine: 'typed',
      epochs: 100,
      batchSize: 8,
    }),
  );
  expect(run).toMatchObject({ transferred: true, trainRows: 60, status: 'done' });
  expect((run as { accuracy: number }).accuracy).toBeGreaterThan(0.9);

  // The document keeps a reference, not the rows; a reload finds them again in this browser.
  const binding = await page.evaluate(
    () =>
      (window as unknown as { lensboardStore: { getState(): { doc: { dataset: unknown } } } }).lensboardStore.getState()
        .doc.dataset,
  );
  expect(binding).toMatchObject({
    id: 'csv',
    options: { name: 'quadrants.csv', rows: 60, features: ['x', 'y'], label: 'quadrant' },
  });
  expect(JSON.stringify(binding).length).toBeLessThan(400);
  await page.reload();
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 60 points/);

  expect(record.consoleErrors).toEqual([]);
});

test('a bad CSV: the error names the row and the column, and nothing is bound', async ({ page, record }) => {
  await open(page);
  const bad = 'x,y,label\n1,2,a\n3,oops,b\n5,6,a\n';
  await data(page).getByLabel('Upload a CSV file').setInputFiles(csvFile('typo.csv', bad));
  const dialog = rolesDialog(page, 'typo.csv');
  await dialog.getByRole('button', { name: 'Use this data' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Row 2, column “y”: "oops" is not a number');
  await page.screenshot({ path: '/tmp/h4-csv-error.png' });
  // choosing another role for the column fixes it
  await dialog.getByLabel('Role of y').selectOption({ label: 'Ignore' });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Role of label').selectOption({ label: 'Ignore' });
  await dialog.getByRole('button', { name: 'Use this data' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose one column as the label (what to predict).');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(data(page).getByLabel('Dataset')).toHaveValue('xor');

  // a file that is not a table at all is refused before the dialog, with its row
  await data(page).getByLabel('Upload a CSV file').setInputFiles(csvFile('ragged.csv', 'a,b,c\n1,2,3\n4,5\n'));
  await expect(data(page).getByRole('alert')).toHaveText(
    'ragged.csv could not be read. Row 2: has 2 cells, but the header has 3 columns',
  );
  await expect(data(page).getByLabel('Dataset')).toHaveValue('xor');
  expect(record.consoleErrors).toEqual([]);
});

test('a CSV dropped on the panel opens the same dialog', async ({ page, record }) => {
  await open(page);
  const transfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
    return dt;
  }, quadrantsCsv(12));
  const panel = data(page);
  await panel.dispatchEvent('dragover', { dataTransfer: transfer });
  await panel.dispatchEvent('drop', { dataTransfer: transfer });
  const dialog = rolesDialog(page, 'dropped.csv');
  await expect(dialog).toContainText('12 rows');
  await dialog.getByLabel('a number (regression)').check();
  await dialog.getByRole('button', { name: 'Use this data' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Row 1, column “quadrant”: "same sign" is not a number');
  await dialog.getByLabel('classes (one output per class)').check();
  await dialog.getByRole('button', { name: 'Use this data' }).click();
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 12 points/);
  expect(record.consoleErrors).toEqual([]);
});

test('a diagram bound to a CSV whose rows this browser lacks says so; uploading the file again restores them', async ({
  page,
  record,
}) => {
  await open(page);
  const upload = () =>
    data(page)
      .getByLabel('Upload a CSV file')
      .setInputFiles(csvFile('quadrants.csv', quadrantsCsv(20)));
  await upload();
  await rolesDialog(page, 'quadrants.csv').getByRole('button', { name: 'Use this data' }).click();
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 20 points/);
  await page.evaluate(
    () =>
      new Promise((done) => {
        const request = indexedDB.deleteDatabase('lensboard-data');
        request.onsuccess = request.onerror = request.onblocked = done;
      }),
  );
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(data(page).getByLabel('Dataset')).toHaveValue('csv');
  await expect(data(page).getByRole('alert')).toHaveText(
    'The rows of quadrants.csv are not in this browser: the diagram keeps only its columns. Upload the file again to use it.',
  );
  await page.screenshot({ path: '/tmp/h4-data-csv-missing.png' });
  await upload();
  await rolesDialog(page, 'quadrants.csv').getByRole('button', { name: 'Use this data' }).click();
  await expect(plot(page)).toHaveAccessibleName(/Scatter plot of 20 points/);
  await expect(data(page).getByRole('alert')).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});
