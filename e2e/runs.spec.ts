/**
 * Runs kept and compared, as the gallery's optimiser comparison asks: two of its documents (same
 * moons data) are trained a few epochs each; the Runs tab lists each document's own run and the
 * other's under "same data", both overlay on one chart whose legend names them, a run is
 * renamed, and after a reload the runs are still there (IndexedDB).
 */
import type { Page } from '@playwright/test';
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel } from './trainingHelpers';

test.use({ viewport: { width: 1280, height: 720 } });
// Two documents trained, a reload: a minute or more on a busy two-core machine.
test.setTimeout(150_000);

const status = (page: Page) => trainingPanel(page).getByRole('status', { name: 'Training status' });
const runsTab = (page: Page) => trainingPanel(page).getByRole('tabpanel', { name: 'Runs' });
const ownRuns = (page: Page) => runsTab(page).getByRole('list', { name: 'Runs of this document' });
const otherRuns = (page: Page) => runsTab(page).getByRole('list', { name: 'Runs of other documents on the same data' });

async function openOptimiser(page: Page, name: string, title: string): Promise<void> {
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  const section = page.getByRole('dialog', { name: 'Examples' }).getByRole('region', { name: 'Optimisers compared' });
  await section.getByRole('button', { name, exact: true }).click();
  // The question loads when first asked: wait for it or for the example, whichever comes.
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(page.getByLabel('Diagram name').filter({ hasText: title }).or(discard)).toBeVisible();
  if (await discard.isVisible()) await discard.getByRole('button', { name: 'Discard and open the example' }).click();
  await expect(page.getByLabel('Diagram name')).toHaveText(title);
}

/** Three epochs of the document just opened: it shows no run of its own yet. */
async function trainThreeEpochs(page: Page): Promise<void> {
  await expect(status(page)).toHaveText(/^Ready/);
  await setTrainingSetting(page, /^Epochs/, '3');
  await trainingButton(page, 'Play').click();
  await expect(status(page)).toHaveText(/^Done: 3 epochs, 96 steps/, { timeout: 30_000 });
}

test('runs of two optimisers are kept, overlaid, renamed, and still there after a reload', async ({ page }, info) => {
  await openEditor(page);
  await openOptimiser(page, 'Adam', 'Moons by Adam: 2→8 tanh→2');
  await trainThreeEpochs(page);
  await openOptimiser(page, 'Momentum', 'Moons by momentum: 2→8 tanh→2');
  await trainThreeEpochs(page);

  await trainingPanel(page).getByRole('tab', { name: 'Runs' }).click();
  const own = ownRuns(page).getByRole('listitem');
  const other = otherRuns(page).getByRole('listitem');
  await expect(own).toHaveCount(1);
  await expect(other).toHaveCount(1);
  await expect(own.getByLabel('Run name')).toHaveValue(/^Run 1 · Momentum · typed arrays$/);
  await expect(other.getByLabel('Run name')).toHaveValue(/^Run 1 · Adam · typed arrays$/);
  await expect(other).toContainText(
    /Moons by Adam.*typed arrays · 3 epochs, 96 steps · loss [\d.]+ · accuracy [\d.]+% · done/,
  );

  await own.getByRole('checkbox', { name: 'Overlay' }).check();
  await other.getByRole('checkbox', { name: 'Overlay' }).check();
  const legend = runsTab(page).getByRole('list', { name: 'Overlaid runs' });
  await expect(legend).toContainText('Run 1 · Momentum · typed arrays');
  await expect(legend).toContainText('Run 1 · Adam · typed arrays');

  const name = own.getByLabel('Run name');
  await name.fill('Momentum, three epochs');
  await name.press('Enter');
  await expect(legend).toContainText('Momentum, three epochs');
  const chart = runsTab(page).getByRole('img', { name: /Overlaid runs/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await page.screenshot({ path: info.outputPath('runs.png') });
  // In a 1280 px page the chart is under the list: the tab scrolls down to it, as a wheel would.
  await legend.hover();
  await page.mouse.wheel(0, 400);
  await expect(chart).toBeInViewport({ ratio: 0.95 });
  await page.screenshot({ path: info.outputPath('runs-chart.png') });

  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  await trainingPanel(page).getByRole('tab', { name: 'Runs' }).click();
  const names = runsTab(page).getByLabel('Run name');
  await expect(names).toHaveCount(2);
  const kept = await names.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value).sort());
  expect(kept).toEqual(['Momentum, three epochs', 'Run 1 · Adam · typed arrays']);
});
