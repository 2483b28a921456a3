/**
 * The lessons a class runs after the first, each to its end at 1280×720 as a student does it:
 * a box clicked brings the inspector out as a drawer over the canvas's right edge, and a step
 * animated opens the Animation panel at the canvas's side. The lesson card goes beside either,
 * never under or over it: its Next button is what lies under a click, and the panel a step asks
 * the student to use is not covered (classroom/placement.ts, `freeArea`; docs/lessons.md).
 */
import type { Page } from '@playwright/test';
import { dragFromPalette, dragWire, handle, inspector, node, palette } from './editorHelpers';
import { expect, test } from './fixtures';

test.use({ panelsOpen: false });

const card = (page: Page) => page.getByRole('region', { name: 'Lesson' });
const next = (page: Page) => card(page).getByRole('button', { name: 'Next ▶' });

/** The card overlaps no panel docked over the canvas, and a click at its Next button reaches it. */
async function cardBeside(page: Page, what: string): Promise<void> {
  const found = await page.evaluate(`(() => {
    const c = document.querySelector('section[aria-label="Lesson"]');
    const b = [...c.querySelectorAll('button')].find((x) => /Next|Finish/.test(x.textContent));
    const a = c.getBoundingClientRect();
    const under = [];
    for (const p of document.querySelectorAll('aside.inspector-drawer, .anim-panel')) {
      const r = p.getBoundingClientRect();
      if (r.right > a.left && a.right > r.left && r.bottom > a.top && a.bottom > r.top) under.push(p.className);
    }
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return { under, reached: hit === b || b.contains(hit) };
  })()`);
  expect(found, what).toEqual({ under: [], reached: true });
}

async function openLesson(page: Page, title: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.locator('main .react-flow__node').first()).toBeVisible();
  await page.getByRole('button', { name: 'Lessons' }).click();
  const chooser = page.getByRole('dialog', { name: 'Lessons' });
  await chooser.getByRole('button', { name: title }).click();
  const start = chooser.getByRole('button', { name: 'Start the lesson' });
  if (await start.isVisible()) await start.click();
  await expect(chooser).toBeHidden();
}

/** Does what the step asks, sees it done, and goes on by the card's own Next. */
async function doStep(page: Page, heading: string, act: () => Promise<void>): Promise<void> {
  await expect(card(page).getByRole('heading', { name: heading })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await act();
  await expect(card(page).getByRole('status', { name: 'Your turn' })).toContainText('✓ Done', { timeout: 60_000 });
  await cardBeside(page, heading);
  await next(page).click();
}

test('"Learning on Boolean circuits" to its end: each box clicked opens the inspector beside the card', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openLesson(page, 'Learning on Boolean circuits');
  await next(page).click();
  await doStep(page, 'not is x ⊕ 1', () => node(page, 'not1').click());
  await expect(inspector(page)).toHaveClass(/inspector-drawer/);
  await doStep(page, 'Parity is a sum', () => node(page, 'par').click());
  await doStep(page, 'and is a product', async () => {
    await page.getByRole('button', { name: 'Palette', exact: true }).click();
    await expect(palette(page).getByLabel('Search the palette')).toBeVisible();
    await dragFromPalette(page, 'and', 'and', 300, 330);
  });
  await expect(card(page).getByRole('heading', { name: 'Reverse Derivative Ascent' })).toBeVisible();
  await card(page).getByRole('button', { name: 'Finish' }).click();
  await expect(card(page)).toBeHidden();
});

test('"Optimisers are lenses too" to its end: the optimiser chosen in the drawer, the card beside it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openLesson(page, 'Optimisers are lenses too');
  await next(page).click();
  await doStep(page, 'get and put', () => node(page, 'opt').click());
  await doStep(page, 'State', async () => {
    await inspector(page).getByLabel('optimiser', { exact: true }).selectOption('momentum');
  });
  const training = page.getByRole('region', { name: 'Training' });
  await doStep(page, 'Same learner, another lens', async () => {
    for (let i = 1; i <= 5; i++) {
      await training.getByRole('button', { name: 'Step', exact: true }).click();
      await expect(training.getByRole('status', { name: 'Training status' })).toContainText(`step ${i}`, {
        timeout: 30_000,
      });
    }
  });
  await card(page).getByRole('button', { name: 'Finish' }).click();
  await expect(card(page)).toBeHidden();
});

test('"Why copying sums gradients": the animated step opens beside the card, its controls uncovered', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openLesson(page, 'Why copying sums gradients');
  await next(page).click();
  await doStep(page, 'Tie the weights', () => dragWire(page, handle(page, 'W', 'W'), handle(page, 'lin2', 'W')));
  await next(page).click();
  await doStep(page, 'Watch it', () => page.getByRole('button', { name: 'Animate a step' }).click());
  // what the step asks next: step forward with the Animation panel's own control
  const animation = page.getByRole('region', { name: 'Animation' });
  await expect(animation.getByRole('button', { name: 'Next box ▶' })).toBeVisible();
  await animation.getByRole('button', { name: 'Next box ▶' }).click();
  await expect(animation.getByText(/^2 \/ \d+/)).toBeVisible();
  await cardBeside(page, 'Why it matters');
  await card(page).getByRole('button', { name: 'Finish' }).click();
});
