/**
 * MNIST's ten-class confusion matrix with every side panel open at 1280×720 (docs/screen.md): the
 * training panel under the canvas is 720 px wide, so its settings fold to a rail and the view has
 * their room; the matrix's 10×10 cells, at 11 px or more, and its caption are seen whole, without
 * scrolling. With the settings open beside it the view had 191 px and the matrix 274.
 */
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';
import { screenFontSizes } from './screenChecks';
import { trainingButton, trainingPanel } from './trainingHelpers';

test.use({ panelsOpen: true });

test('at 1280×720 with every panel open, the ten-class confusion matrix fits its view', async ({
  page,
  record,
}, info) => {
  // opening MNIST's data and taking its first step take a while on a busy machine
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page);
  for (const name of ['Palette', 'Inspector', 'Data'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  const dialog = page.getByRole('dialog', { name: 'Examples' });
  await dialog
    .getByRole('region', { name: 'The paper’s experiments' })
    .getByRole('button', { name: 'MNIST, two dense layers', exact: true })
    .click();
  await expect(page.getByLabel('Diagram name')).toHaveText(/^MNIST/);
  const panel = trainingPanel(page);
  // the settings are a rail beside the training column: folded, their fields are not shown
  await expect(panel.locator('details.train-settings-box')).not.toHaveAttribute('open');
  await expect(panel.getByLabel(/^Epochs/)).toBeHidden();
  await trainingButton(page, 'Step').click();
  await expect(panel.getByLabel('Step', { exact: true })).toHaveText('1', { timeout: 60_000 });
  await panel.getByRole('tab', { name: 'What it learnt' }).click();
  const matrix = panel.getByRole('table', { name: /^Confusion on \d+ test rows/ });
  await expect(matrix).toBeVisible({ timeout: 60_000 });
  await expect(matrix.locator('tbody tr')).toHaveCount(10);
  await expect(matrix.locator('tbody td')).toHaveCount(100);
  // seen whole: the view does not scroll either way, and the matrix and its caption lie inside it
  const view = panel.locator('.train-view');
  expect(await view.evaluate((e) => [e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight])).toEqual([0, 0]);
  const inside = await view.evaluate((v) => {
    const r = v.getBoundingClientRect();
    return [...v.querySelectorAll('table, .learnt-confusion-words')].map((e) => {
      const b = e.getBoundingClientRect();
      return b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5;
    });
  });
  expect(inside).toEqual([true, true]);
  expect(Math.min(...(await screenFontSizes(page, '.learnt-confusion td')))).toBeGreaterThanOrEqual(11);
  await page.screenshot({ path: info.outputPath('mnist-every-panel-1280.png') });
  expect(record.consoleErrors).toEqual([]);
});
