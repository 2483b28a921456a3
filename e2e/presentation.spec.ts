/**
 * Presentation mode as a teacher uses it in front of a class (docs/presenting.md), at the sizes
 * of a classroom: the animation of a step, the lens view and a short training run, each with
 * only the canvas and its caption (and the run's chart) on the screen, stepped by the keyboard,
 * and Escape giving back the page exactly as it was. One page, resized between sizes.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectScreenFits } from './screenChecks';
import { setTrainingSetting, trainingPanel } from './trainingHelpers';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

const present = async (page: Page, what: string) => {
  await page.getByRole('button', { name: 'Present ▾' }).click();
  await page.getByRole('menuitem', { name: what }).click();
  await expect(page.locator('html.presenting')).toHaveCount(1);
};

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

/** On-screen font sizes of what matches: the CSS size times every scale above it. */
const screenFontSizes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els
      .filter((e) => getComputedStyle(e).visibility !== 'hidden' && e.getBoundingClientRect().width > 0)
      .map((e) => {
        let scale = 1;
        for (let a: Element | null = e; a; a = a.parentElement) {
          const t = getComputedStyle(a).transform;
          if (t && t !== 'none') scale *= new DOMMatrixReadOnly(t).a;
        }
        return Number.parseFloat(getComputedStyle(e).fontSize) * scale;
      }),
  );

const frameShown = (page: Page) => page.locator('.anim-where').getAttribute('data-frame').then(Number);

test('presentation mode: the animation, the lens view and a run, at a classroom’s sizes', async ({ page, record }) => {
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
    const start = await frameShown(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => frameShown(page)).toBe(start + 3);
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
    await expectScreenFits(
      page,
      {
        regions: { box: 'main .react-flow__node', card: 'main button.wire-value', caption: '.anim-panel' },
        texts: '.anim-title, .anim-rule, .anim-rule-numbers',
      },
      'the animation presented',
    );
    if (size.width === 1920) {
      expect(Math.min(...(await screenFontSizes(page, '.anim-title, .anim-rule')))).toBeGreaterThanOrEqual(24);
      expect(Math.min(...(await screenFontSizes(page, 'main button.wire-value')))).toBeGreaterThanOrEqual(23.5);
    }
    await page.screenshot({ path: `test-results/present-animation-${at}.png` });
    await page.keyboard.press(' ');
    await expect.poll(() => frameShown(page)).toBeGreaterThan(start + 2);
    await page.keyboard.press(' ');
    const paused = await frameShown(page);
    await expect.poll(() => frameShown(page)).toBe(paused);
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
    await expectScreenFits(
      page,
      { regions: { box: 'main .react-flow__node', caption: '.present-lens-caption' }, texts: '.present-lens-caption' },
      'the lens view presented',
    );
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
  expect(record.consoleErrors).toEqual([]);
});
