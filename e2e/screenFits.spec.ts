/**
 * The page fits the screens a class uses: at 1280×720 (a projector, a school laptop), 1366×768
 * and 1920×1080 the document never scrolls — on the first screen, and after a run trained with
 * What it learnt open. Each panel scrolls inside itself instead.
 */
import type { Page } from '@playwright/test';
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel } from './trainingHelpers';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** How far the document scrolls, each way (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const e = document.scrollingElement as Element;
    return { down: e.scrollHeight - window.innerHeight, across: e.scrollWidth - window.innerWidth };
  });

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the document never scrolls`, async ({ page, record }, info) => {
    await page.setViewportSize(size);
    await openEditor(page);
    expect(await overflow(page)).toEqual({ down: 0, across: 0 });
    await setTrainingSetting(page, /^Epochs/, '3');
    await trainingButton(page, 'Play').click();
    await expect(trainingPanel(page).getByRole('status', { name: 'Training status' })).toHaveText(/^Done/, {
      timeout: 30_000,
    });
    await trainingPanel(page).getByRole('tab', { name: 'What it learnt' }).click();
    await expect(trainingPanel(page).getByRole('img', { name: /The model's answer over the plane/ })).toBeVisible();
    expect(await overflow(page)).toEqual({ down: 0, across: 0 });
    await page.screenshot({ path: info.outputPath(`trained-${size.width}.png`) });
    expect(record.consoleErrors).toEqual([]);
  });
}
