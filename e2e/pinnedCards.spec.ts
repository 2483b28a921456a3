/**
 * A wire the user pins in the animation shows its value card, whatever else is on the canvas:
 * at 1280×720 with every panel open the canvas is small, the Animation panel lies along its
 * bottom and the optimiser's frame lights four wide cards; a card with no free place is left out
 * (w12 and w13 were, and w8 in some runs), but never the one pinned, nor the one under the pointer (train-ui/present/cardPlacement.ts;
 * docs/screen.md, "The animation").
 */
import type { Page } from '@playwright/test';
import { exampleCount, panel } from './animationHelpers';
import { expect, test } from './fixtures';

const wireCard = (page: Page, wire: string) => page.locator(`main button.wire-value[data-wire="${wire}"]`);

/** The card is on the canvas, in view, and neither the Animation panel nor another card lies on it. */
const cardInView = (page: Page, wire: string) =>
  wireCard(page, wire).evaluate((c) => {
    if (getComputedStyle(c).visibility === 'hidden') return 'hidden';
    const r = c.getBoundingClientRect();
    const pane = document.querySelector('main .react-flow')?.getBoundingClientRect();
    if (!pane) return 'no canvas';
    if (r.left < pane.left - 1 || r.right > pane.right + 1 || r.top < pane.top - 1 || r.bottom > pane.bottom + 1)
      return 'outside the canvas';
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top && c.contains(top) ? 'in view' : `under ${top?.className}`;
  });

test('a wire pinned on a large screen keeps its value card in view at 1280×720 with every panel open, at every frame', async ({
  page,
  record,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/?backend=cpu');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Animate a step' }).click();
  await expect(panel(page).getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 60_000 });
  const timeline = panel(page).getByRole('slider', { name: 'Timeline' });
  await timeline.fill(String(await timeline.getAttribute('max')));
  await expect(panel(page).getByRole('heading', { name: /^Optimiser · opt/ })).toBeVisible();
  await panel(page)
    .getByLabel('Example')
    .selectOption({ label: `3 of ${await exampleCount(page)}` });
  // the loss's change on its way to the learning rate, pinned from its card on the large screen
  // the teacher prepares on
  const wire = 'w12';
  await expect.poll(() => cardInView(page, wire), { message: `${wire}'s card at 1920×1080` }).toBe('in view');
  await wireCard(page, wire).click();
  await expect(panel(page).getByRole('region', { name: `wire ${wire}` })).toBeVisible();
  // on the class's projector the canvas is small, the panel along its bottom, and cards are left
  // out for want of room (w12 and w13 at this frame when nothing is pinned): the card pinned is
  // shown, the others yield to it
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(() => cardInView(page, wire), { message: `${wire}'s card, pinned, at 1280×720` }).toBe('in view');
  await expect(panel(page).getByRole('region', { name: `wire ${wire}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pinned-1280.png') });
  // and at every frame back to the start, wherever the camera goes, while its wire carries a number
  const last = Number(await timeline.getAttribute('max'));
  for (let frame = last - 1; frame >= 0; frame--) {
    await panel(page).getByRole('button', { name: '◀ Previous box' }).click();
    await expect(timeline).toHaveValue(String(frame));
    if ((await wireCard(page, wire).count()) === 0) continue;
    await expect
      .poll(() => cardInView(page, wire), { message: `${wire}'s card, pinned, at frame ${frame}` })
      .toBe('in view');
  }
  expect(record.consoleErrors).toEqual([]);
});
