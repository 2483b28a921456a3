/**
 * Presenting as a teacher does in front of a class (docs/presenting.md), shared by the specs that
 * present: the Present menu, the keyboard stepping the animation's frames, and each screen looked
 * at as the class sees it (screenChecks.ts): it fits, and the names on it are large enough.
 */
import { expect, type Page } from '@playwright/test';
import { lookAtScreen, type ScreenLook, screenFontSizes } from './screenChecks';

export const present = async (page: Page, what: string) => {
  await page.getByRole('button', { name: 'Present ▾' }).click();
  await page.getByRole('menuitem', { name: what }).click();
  await expect(page.locator('html.presenting')).toHaveCount(1);
};

export const frameShown = (page: Page) => page.locator('.anim-where').getAttribute('data-frame').then(Number);

/** The camera moves on the animation frame after the one that drew the frame's caption. */
export const cameraMoved = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * → or ← until frame `target` is shown: as many presses as frames, again while the parts of a
 * frame shown a part at a time took some of them.
 */
export async function goToFrame(page: Page, target: number): Promise<void> {
  for (let now = await frameShown(page); now !== target; now = await frameShown(page)) {
    const key = target > now ? 'ArrowRight' : 'ArrowLeft';
    for (let k = 0; k < Math.abs(target - now); k++) await page.keyboard.press(key);
    await cameraMoved(page);
    await cameraMoved(page);
  }
}

/** Polls that look again soon: the camera and the cards settle within a few frames. */
export const QUICK = [50, 100, 200];
export const CLEAN = { scroll: { down: 0, across: 0 }, outside: [], overlaps: [], clipped: [] };
export const LABELS = 'main .react-flow__node .box-label:not(.visually-hidden)';
export const ANIMATION: ScreenLook = {
  regions: { box: 'main .react-flow__node', card: 'main button.wire-value', caption: '.anim-panel' },
  texts: `.anim-title, .anim-rule, .anim-rule-numbers, ${LABELS}, main .box-sizes, main button.wire-value`,
};
export const LENS: ScreenLook = {
  regions: { box: 'main .react-flow__node', caption: '.present-lens-caption' },
  texts: `.present-lens-caption, ${LABELS}, main .box-sizes`,
};

/** The screen once the camera and the cards have settled: polled, since each follows a frame later. */
export const settledScreen = (page: Page, look: ScreenLook, what: string) =>
  expect
    .poll(() => lookAtScreen(page, look), { message: `${what} at ${page.viewportSize()?.width}`, intervals: QUICK })
    .toEqual(CLEAN);

export const smallest = async (page: Page, selector: string) => Math.min(...(await screenFontSizes(page, selector)));

/**
 * The opening frame (the drawing whole), the first box forward, the first backward and the
 * optimiser's: each fits the screen; at 1920×1080 the type of the frames at work is 24 px or more.
 */
export async function lookAtFrames(page: Page, fonts: Record<string, number>): Promise<void> {
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
export async function lensPart(page: Page): Promise<[number, number] | null> {
  const place = page.locator('.present-place');
  if ((await place.count()) === 0) return null;
  const m = /^Part (\d+) of (\d+)/.exec((await place.textContent()) ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The lens view presented: it fits, its strands meet nowhere, its names are `floor` px or more.
 * With `walk`, every part of it is looked at so, from the first (→ ← walk the parts).
 */
export async function lookAtLens(page: Page, floor: number, walk = false): Promise<number> {
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
export const LENS_FLOOR: Record<number, number> = { 1280: 15.5, 1366: 16.5, 1920: 24 };

/** Opens an example from the gallery; the run's settings changed before are discarded, as the dialog offers. */
export async function openFromGallery(page: Page, group: string, name: string, title: string): Promise<void> {
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  const dialog = page.getByRole('dialog', { name: 'Examples' });
  await dialog.getByRole('region', { name: group }).getByRole('button', { name, exact: true }).click();
  const named = page.getByLabel('Diagram name').filter({ hasText: title });
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(named.or(ask)).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Discard and open the example' }).click();
  await expect(named).toBeVisible();
}
