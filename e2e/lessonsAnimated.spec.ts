/**
 * A lesson's card and the animation it asks for, at 1280×720 and 1920×1080 as a student meets
 * them: in "Why copying sums gradients", step "Watch it", the student steps the animation box by
 * box with the panel's own ▶. At every frame the boxes at work lie clear of the lesson card (the
 * camera frames them in the canvas left free by the animation's panel and by the card:
 * train-ui/animate/useFitAbovePanel.ts, docs/lessons.md), and the card's Next is what a click
 * at it reaches.
 */
import type { Page } from '@playwright/test';
import { dragWire, handle } from './editorHelpers';
import { expect, test } from './fixtures';

test.use({ panelsOpen: false });

const card = (page: Page) => page.getByRole('region', { name: 'Lesson' });
const next = (page: Page) => card(page).getByRole('button', { name: 'Next ▶' });
const animation = (page: Page) => page.getByRole('region', { name: 'Animation' });

/**
 * The boxes at work that the lesson card lies on, or that are outside the canvas or under the
 * animation's panel; and whether a click at the card's Next reaches it.
 */
const coveredWork = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector('section[aria-label="Lesson"]');
    const pane = document.querySelector('main .react-flow');
    const panel = document.querySelector('.anim-panel');
    if (!c || !pane || !panel) return { covered: ['no card, canvas or panel'], reached: false };
    const meets = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const a = c.getBoundingClientRect();
    const p = panel.getBoundingClientRect();
    const canvas = pane.getBoundingClientRect();
    const lit = [...document.querySelectorAll('main .react-flow__node:has(.anim-lit)')];
    const covered = lit
      .filter((n) => {
        const r = n.getBoundingClientRect();
        const outside =
          r.left < canvas.left || r.right > canvas.right || r.top < canvas.top || r.bottom > canvas.bottom;
        return meets(r, a) || meets(r, p) || outside;
      })
      .map((n) => n.getAttribute('data-id'));
    const b = [...c.querySelectorAll('button')].find((x) => /Next|Finish/.test(x.textContent ?? ''));
    const r = b?.getBoundingClientRect();
    const hit = r && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {
      covered: lit.length ? covered : ['no box at work'],
      reached: !!b && !!hit && (hit === b || b.contains(hit)),
    };
  });

for (const size of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${size.width}×${size.height}, "Watch it": every box at work clear of the lesson card, Next in reach`, async ({
    page,
    record,
  }, info) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.locator('main .react-flow__node').first()).toBeVisible();
    await page.getByRole('button', { name: 'Lessons' }).click();
    const chooser = page.getByRole('dialog', { name: 'Lessons' });
    await chooser.getByRole('button', { name: 'Why copying sums gradients' }).click();
    const start = chooser.getByRole('button', { name: 'Start the lesson' });
    if (await start.isVisible()) await start.click();
    await expect(chooser).toBeHidden();
    await next(page).click();
    await expect(card(page).getByRole('heading', { name: 'Tie the weights' })).toBeVisible();
    await dragWire(page, handle(page, 'W', 'W'), handle(page, 'lin2', 'W'));
    await expect(card(page).getByRole('status', { name: 'Your turn' })).toContainText('✓ Done', { timeout: 60_000 });
    await next(page).click();
    await next(page).click();
    await expect(card(page).getByRole('heading', { name: 'Watch it' })).toBeVisible();
    await page.getByRole('button', { name: 'Animate a step' }).click();
    await expect(card(page).getByRole('status', { name: 'Your turn' })).toContainText('✓ Done', { timeout: 60_000 });
    const stepper = animation(page).getByRole('button', { name: 'Next box ▶' });
    await expect(stepper).toBeVisible({ timeout: 60_000 });
    const timeline = animation(page).getByRole('slider', { name: 'Timeline' });
    const last = Number(await timeline.getAttribute('max'));
    expect(last).toBeGreaterThan(4);
    for (let frame = 0; frame <= last; frame++) {
      if (frame > 0) {
        await stepper.click();
        await expect(timeline).toHaveValue(String(frame));
      }
      // the camera moves over 200 ms to each frame: what counts is where it comes to rest
      await expect
        .poll(() => coveredWork(page), { message: `frame ${frame}: boxes at work under the card or the panel` })
        .toEqual({ covered: [], reached: true });
      if (frame === 0 || frame === last - 2)
        await page.screenshot({ path: info.outputPath(`watch-it-${size.width}-frame-${frame}.png`) });
    }
    // the student goes on by the card's own Next, the animation still open
    await next(page).click();
    await expect(card(page).getByRole('heading', { name: 'Why it matters' })).toBeVisible();
    expect(record.consoleErrors).toEqual([]);
  });
}
