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
 * of the lens view. XOR, Iris and MNIST are looked at so.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectScreenFits, lookAtScreen, type ScreenLook, screenFontSizes } from './screenChecks';
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

const frameShown = (page: Page) => page.locator('.anim-where').getAttribute('data-frame').then(Number);

/** The camera moves on the animation frame after the one that drew the frame's caption. */
const cameraMoved = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * → or ← until frame `target` is shown: as many presses as frames, again while the parts of a
 * frame shown a part at a time took some of them.
 */
async function goToFrame(page: Page, target: number): Promise<void> {
  for (let now = await frameShown(page); now !== target; now = await frameShown(page)) {
    const key = target > now ? 'ArrowRight' : 'ArrowLeft';
    for (let k = 0; k < Math.abs(target - now); k++) await page.keyboard.press(key);
    await cameraMoved(page);
    await cameraMoved(page);
  }
}

/** Polls that look again soon: the camera and the cards settle within a few frames. */
const QUICK = [50, 100, 200];
const CLEAN = { scroll: { down: 0, across: 0 }, outside: [], overlaps: [], clipped: [] };
const LABELS = 'main .react-flow__node .box-label:not(.visually-hidden)';
const ANIMATION: ScreenLook = {
  regions: { box: 'main .react-flow__node', card: 'main button.wire-value', caption: '.anim-panel' },
  texts: `.anim-title, .anim-rule, .anim-rule-numbers, ${LABELS}, main .box-sizes, main button.wire-value`,
};
const LENS: ScreenLook = {
  regions: { box: 'main .react-flow__node', caption: '.present-lens-caption' },
  texts: `.present-lens-caption, ${LABELS}, main .box-sizes`,
};

/** The screen once the camera and the cards have settled: polled, since each follows a frame later. */
const settledScreen = (page: Page, look: ScreenLook, what: string) =>
  expect
    .poll(() => lookAtScreen(page, look), { message: `${what} at ${page.viewportSize()?.width}`, intervals: QUICK })
    .toEqual(CLEAN);

const smallest = async (page: Page, selector: string) => Math.min(...(await screenFontSizes(page, selector)));

/**
 * The opening frame (the drawing whole), the first box forward, the first backward and the
 * optimiser's: each fits the screen; at 1920×1080 the type of the frames at work is 24 px or more.
 */
async function lookAtFrames(page: Page, fonts: Record<string, number>): Promise<void> {
  const frames = await page.evaluate(
    () => (window as unknown as { lensboardAnimation(): { frames: { kind: string }[] } }).lensboardAnimation().frames,
  );
  const backward = frames.findIndex((f) => f.kind === 'backward');
  for (const target of [0, 1, backward, frames.length - 1]) {
    await goToFrame(page, target);
    await settledScreen(page, ANIMATION, `frame ${target} presented`);
    if (page.viewportSize()?.width === 1920) {
      // the camera has moved to the frame: the names are read at its zoom
      await expect
        .poll(() => smallest(page, LABELS), { message: `names at frame ${target}`, intervals: QUICK })
        .toBeGreaterThanOrEqual(24);
      await expect
        .poll(() => smallest(page, 'main button.wire-value'), { intervals: QUICK })
        .toBeGreaterThanOrEqual(23.5);
      expect(await smallest(page, '.anim-title, .anim-rule, .anim-rule-numbers')).toBeGreaterThanOrEqual(24);
    }
    fonts[`frame ${target}`] = Math.round((await smallest(page, LABELS)) * 10) / 10;
  }
}

/**
 * Lens view: no two of the optimiser's strands meet, and no wire's backward strand meets the
 * wire; each path sampled every few pixels, in the coordinates it is drawn in.
 */
const strandsThatMeet = (page: Page) =>
  page.evaluate(() => {
    const sample = (p: SVGPathElement) => {
      const n = Math.max(2, Math.ceil(p.getTotalLength() / 4));
      return Array.from({ length: n + 1 }, (_, i) => p.getPointAtLength((p.getTotalLength() * i) / n));
    };
    const side = (a: DOMPoint, b: DOMPoint, c: DOMPoint) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    const meet = (p: DOMPoint[], q: DOMPoint[]) => {
      for (let i = 1; i < p.length; i++)
        for (let j = 1; j < q.length; j++) {
          const [a, b, c, d] = [p[i - 1], p[i], q[j - 1], q[j]];
          if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) return true;
        }
      return false;
    };
    const out: string[] = [];
    const strands = [...document.querySelectorAll<SVGPathElement>('main .optimiser-strand path')];
    const drawn = strands.map(sample);
    for (let i = 0; i < drawn.length; i++)
      for (let j = i + 1; j < drawn.length; j++)
        if (meet(drawn[i], drawn[j])) out.push(`optimiser strands ${i} and ${j}`);
    for (const edge of document.querySelectorAll('main .react-flow__edge')) {
      const wire = edge.querySelector<SVGPathElement>('path.typed-wire');
      const back = edge.querySelector<SVGPathElement>('path.backward-wire');
      if (wire && back && meet(sample(wire), sample(back))) out.push(`${edge.getAttribute('aria-label')}`);
    }
    return out;
  });

/** The lens view's part on the screen, `[k, n]` for "Part k of n", or null when it is shown whole. */
async function lensPart(page: Page): Promise<[number, number] | null> {
  const place = page.locator('.present-place');
  if ((await place.count()) === 0) return null;
  const m = /^Part (\d+) of (\d+)/.exec((await place.textContent()) ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The lens view presented: it fits, its strands meet nowhere, its names are `floor` px or more.
 * With `walk`, every part of it is looked at so, from the first (→ ← walk the parts).
 */
async function lookAtLens(page: Page, floor: number, walk = false): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  await cameraMoved(page);
  for (let part = await lensPart(page); walk && part && part[0] > 1; part = await lensPart(page)) {
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('.present-place')).toContainText(`Part ${part[0] - 1} of`);
  }
  // the strands are drawn in the drawing's coordinates: where the camera is does not move them
  expect(await strandsThatMeet(page)).toEqual([]);
  for (;;) {
    await cameraMoved(page);
    await settledScreen(page, LENS, 'the lens view presented');
    await expect.poll(() => smallest(page, LABELS), { intervals: QUICK }).toBeGreaterThanOrEqual(floor);
    least = Math.min(least, await smallest(page, LABELS));
    const part = await lensPart(page);
    if (!walk || !part || part[0] === part[1]) break;
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.present-place')).toContainText(`Part ${part[0] + 1} of ${part[1]}`);
  }
  return Math.round(least * 10) / 10;
}

/**
 * The names of the lens view's boxes, on the screen: a part at a time at the reading zoom, 24 px
 * at 1920×1080 and the same share of a smaller screen (docs/presenting.md).
 */
const LENS_FLOOR: Record<number, number> = { 1280: 15.5, 1366: 16.5, 1920: 24 };

/** Opens an example from the gallery; the run's settings changed before are discarded, as the dialog offers. */
async function openFromGallery(page: Page, group: string, name: string, title: string): Promise<void> {
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  const dialog = page.getByRole('dialog', { name: 'Examples' });
  await dialog.getByRole('region', { name: group }).getByRole('button', { name, exact: true }).click();
  const named = page.getByLabel('Diagram name').filter({ hasText: title });
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(named.or(ask)).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Discard and open the example' }).click();
  await expect(named).toBeVisible();
}

test('presentation mode: the animation, the lens view and a run, at a classroom’s sizes; Iris and MNIST read as large', async ({
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

  // Iris and MNIST on the same page: the boxes at work in type a class reads, the lens view whole
  const seen: Record<string, Record<string, number>> = {};
  for (const [group, name, title] of [
    ['The paper’s experiments', 'Iris, hidden layer', 'Iris: 4→20 σ → 3 σ (the paper)'],
    ['The paper’s experiments', 'MNIST, two dense layers', 'MNIST: 784→128 relu→10'],
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
