/**
 * Presentation mode as a teacher uses it in front of a class (docs/presenting.md), at the sizes
 * of a classroom: the animation of a step, the lens view and a short training run, each with
 * only the canvas and its caption (and the run's chart) on the screen, stepped by the keyboard,
 * and Escape giving back the page exactly as it was. One page, resized between sizes.
 *
 * Each screen is looked at as the class sees it (screenChecks.ts): at 1280×720, 1366×768 and
 * 1920×1080, on the opening frame, a forward frame, a backward frame and the optimiser's, nothing
 * reaches past the window, no box, value card or caption lies on another, no text is cut, and at
 * 1920×1080 the names of the boxes at work (the opening frame's too, shown a part at a time),
 * the value cards and the caption are in type of 24 px or more; so are the names on every part
 * of the lens view. XOR and Iris are looked at so here; MNIST in e2e/mnist.spec.ts, whose session
 * has its digits loaded already.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  ANIMATION,
  frameShown,
  goToFrame,
  LENS_FLOOR,
  lookAtFrames,
  lookAtLens,
  openFromGallery,
  present,
  settledScreen,
} from './presentHelpers';
import { expectScreenFits } from './screenChecks';
import { setTrainingSetting, trainingPanel } from './trainingHelpers';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

/** Everything but the canvas is gone: header, palette, inspector, data, training panel, status bar. */
async function expectOnlyCanvas(page: Page) {
  await expect(page.locator('.app-header')).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Palette' })).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toBeHidden();
  await expect(trainingPanel(page)).toBeHidden();
  await expect(page.locator('.data-panel')).toBeHidden();
  await expect(page.locator('.status-bar')).toBeHidden();
  for (const e of await page.locator('.react-flow__minimap, .react-flow__controls').all()) await expect(e).toBeHidden();
}

/** Escape leaves; the page is back as it was: the panels shown and the view where it was. */
async function leaveAndCompare(page: Page, before: { transform: string }) {
  await page.keyboard.press('Escape');
  await expect(page.locator('html.presenting')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Palette' })).toBeVisible();
  await expect(trainingPanel(page)).toBeVisible();
  await expect(page.locator('.app-header')).toBeVisible();
  await expect.poll(() => viewTransform(page)).toBe(before.transform);
}

const viewTransform = (page: Page) =>
  page
    .locator('main .react-flow__viewport')
    .first()
    .evaluate((e) => (e as HTMLElement).style.transform);

test('presentation mode: the animation, the lens view and a run, at a classroom’s sizes; Iris reads as large', async ({
  page,
  record,
}) => {
  test.setTimeout(300_000);
  await page.goto('/?backend=cpu&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await setTrainingSetting(page, /^Epochs/, '3');

  for (const [i, size] of SIZES.entries()) {
    await page.setViewportSize(size);
    const at = `${size.width}×${size.height}`;

    // the animation of a step
    let before = { transform: await viewTransform(page) };
    await present(page, 'Animation of a step');
    const caption = page.locator('.anim-caption');
    await expect(caption.getByRole('heading')).toBeVisible({ timeout: 60_000 });
    await expectOnlyCanvas(page);
    await expect(page.locator('.anim-controls')).toBeHidden();
    // the opening frame lights the whole drawing: it is shown a part at a time, → walking the parts
    const start = await frameShown(page);
    await expect(page.locator('.anim-place')).toHaveText(/^Part 1 of [2-9] /);
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.anim-place')).toHaveText(/^Part 2 of [2-9] /);
    await goToFrame(page, start + 3);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => frameShown(page)).toBe(start + 2);
    await expect(page.locator('main button.wire-value.wire-value-lit')).toBeVisible();
    // the cards are placed when the frame has been drawn
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--present-zoom') !== '');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('main button.wire-value')].filter((c) => {
              const r = c.getBoundingClientRect();
              if (getComputedStyle(c).visibility === 'hidden') return false;
              return [...document.querySelectorAll('main .react-flow__node, .anim-panel')].some((b) => {
                const s = b.getBoundingClientRect();
                return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
              });
            }).length,
        ),
      )
      .toBe(0);
    await settledScreen(page, ANIMATION, 'the animation presented');
    await page.screenshot({ path: `test-results/present-animation-${at}.png` });
    await page.keyboard.press(' ');
    await expect.poll(() => frameShown(page)).toBeGreaterThan(start + 2);
    await page.keyboard.press(' ');
    const paused = await frameShown(page);
    await expect.poll(() => frameShown(page)).toBe(paused);
    await lookAtFrames(page, {});
    await leaveAndCompare(page, before);
    // the step presenting traced is closed with it
    await expect(
      page.getByRole('region', { name: 'Animation' }).getByRole('button', { name: 'Animate a step' }),
    ).toBeVisible();

    // the lens view
    before = { transform: await viewTransform(page) };
    await present(page, 'Lens view');
    await expectOnlyCanvas(page);
    await expect(page.locator('.present-lens-caption')).toBeVisible();
    await expect(page.locator('.optimiser-strand').first()).toBeVisible();
    await expect(page.locator('.backward-strand').first()).toBeVisible();
    // the laser pointer follows the pointer over the canvas; L turns it off
    await page.mouse.move(size.width / 2, size.height / 3);
    await expect(page.getByTestId('laser-pointer')).toBeVisible();
    await page.keyboard.press('l');
    await expect(page.getByTestId('laser-pointer')).toHaveCount(0);
    await page.keyboard.press('l');
    await lookAtLens(page, LENS_FLOOR[size.width], size.width === 1920);
    await page.screenshot({ path: `test-results/present-lens-${at}.png` });
    await leaveAndCompare(page, before);
    await expect(page.locator('.backward-strand')).toHaveCount(0);

    // a training run with its chart
    before = { transform: await viewTransform(page) };
    await present(page, 'Training run');
    await expectOnlyCanvas(page);
    const run = page.getByRole('region', { name: 'The run presented' });
    await expect(run.locator('.present-chart canvas')).toBeVisible();
    if (i === 0) {
      await page.keyboard.press(' ');
      await expect(run.locator('.present-caption')).toHaveText(/^Done: 3 epochs/, { timeout: 120_000 });
    }
    await expectScreenFits(
      page,
      { regions: { canvas: 'main.canvas', run: '.present-run' }, texts: '.present-caption' },
      'a run presented',
    );
    await page.screenshot({ path: `test-results/present-training-${at}.png` });
    await leaveAndCompare(page, before);
  }

  // Iris on the same page: the boxes at work in type a class reads, the lens view whole
  const seen: Record<string, Record<string, number>> = {};
  for (const [group, name, title] of [
    ['The paper’s experiments', 'Iris, hidden layer', 'Iris: 4→20 σ → 3 σ (the paper)'],
  ]) {
    await page.setViewportSize(SIZES[2]);
    await openFromGallery(page, group, name, title);
    await present(page, 'Animation of a step');
    await expect(page.locator('.anim-caption').getByRole('heading')).toBeVisible({ timeout: 60_000 });
    for (const size of [SIZES[2], SIZES[0]]) {
      await page.setViewportSize(size);
      const fonts: Record<string, number> = {};
      await lookAtFrames(page, fonts);
      seen[`${name} ${size.width}`] = fonts;
    }
    await page.keyboard.press('Escape');
    await present(page, 'Lens view');
    for (const size of [SIZES[0], SIZES[2]]) {
      await page.setViewportSize(size);
      seen[`${name} lens ${size.width}`] = {
        names: await lookAtLens(page, LENS_FLOOR[size.width]),
      };
    }
    await page.keyboard.press('Escape');
  }
  // the type measured, for whoever reads the run's log
  console.log(JSON.stringify(seen));
  expect(record.consoleErrors).toEqual([]);
});
