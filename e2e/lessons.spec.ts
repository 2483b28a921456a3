/**
 * The first lesson, run to its end as a user would: open it from the Lessons button, read each
 * step, do what the panel asks (draw a wire, click a box, turn on the lens view, press Step),
 * and see Next offered only once it is done. The panel never covers what it highlights.
 */
import type { Page } from '@playwright/test';
import { dragWire, handle, inspector, menuCommand, node, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

// a first visit's arrangement: at 1280×720 the palette and the inspector start on their rails
test.use({ panelsOpen: false });

const lesson = (page: Page) => page.getByRole('region', { name: 'Lesson' });

async function panelCoversNothingHighlighted(page: Page, selectors: string[]): Promise<void> {
  const panel = await lesson(page).boundingBox();
  if (!panel) throw new Error('no lesson panel');
  for (const sel of selectors) {
    const box = await page.locator(sel).first().boundingBox();
    if (!box) throw new Error(`${sel} is not on screen`);
    const apart =
      box.x >= panel.x + panel.width ||
      panel.x >= box.x + box.width ||
      box.y >= panel.y + panel.height ||
      panel.y >= box.y + box.height;
    expect(apart, `the lesson panel covers ${sel}`).toBe(true);
  }
}

test('the first lesson runs to its end by doing what each step asks', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page);
  // at 1280×720 the inspector starts folded on its rail
  const inspectorToggle = page.getByRole('button', { name: 'Inspector', exact: true });
  await expect(inspectorToggle).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Lessons' }).click();
  const chooser = page.getByRole('dialog', { name: 'Lessons' });
  await expect(chooser.getByRole('listitem')).toHaveCount(6); // the six lessons
  await chooser.getByRole('button', { name: 'A lens is a forward and a backward map' }).click();
  const discard = chooser.getByRole('button', { name: 'Start the lesson' });
  if (await discard.isVisible()) await discard.click();
  await expect(chooser).toBeHidden();

  const panel = lesson(page);
  const next = panel.getByRole('button', { name: 'Next ▶' });
  await expect(panel.getByText('Step 1 of 6')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'A box is a map' })).toBeVisible();
  await panelCoversNothingHighlighted(page, ['main .react-flow__node[data-id="lin1"]']);
  await next.click();

  // step 2: the wire the lesson took away
  await expect(panel.getByRole('heading', { name: 'Draw the missing wire' })).toBeVisible();
  await expect(next).toBeDisabled();
  await panelCoversNothingHighlighted(page, [
    'main .react-flow__node[data-id="lin1"] [data-handleid="y"]',
    'main .react-flow__node[data-id="bias1"] [data-handleid="x"]',
  ]);
  await dragWire(page, handle(page, 'lin1', 'y'), handle(page, 'bias1', 'x'));
  await expect(panel.getByRole('status', { name: 'Your turn' })).toContainText('✓ Done');
  await next.click();

  // step 3: open the box in the inspector. The step rings the inspector's Reverse derivative
  // section, so it opens the folded inspector itself, and the ring is seen
  await expect(next).toBeDisabled();
  await expect(inspectorToggle).toHaveAttribute('aria-expanded', 'true');
  await node(page, 'lin1').click();
  await expect(inspector(page).getByRole('heading', { name: 'Reverse derivative' })).toBeVisible();
  await expect(page.locator('[data-lesson-spot]')).toHaveText('Reverse derivative');
  await expect(page.locator('[data-lesson-spot]')).toBeInViewport({ ratio: 1 });
  await panelCoversNothingHighlighted(page, ['[data-lesson-spot]', 'main .react-flow__node[data-id="lin1"]']);
  await next.click();

  // a reload (a student's F5) keeps the place: the same step on the same diagram, the wire drawn
  // still there, and Back goes to steps already done
  await expect(panel.getByText('Step 4 of 6')).toBeVisible();
  const wires = await page.locator('main .react-flow__edge').count();
  await page.reload();
  await expect(panel.getByText('Step 4 of 6')).toBeVisible();
  await expect(page.locator('main .react-flow__edge')).toHaveCount(wires);
  await panel.getByRole('button', { name: '◀ Back' }).click();
  await expect(panel.getByText('Step 3 of 6')).toBeVisible();
  await expect(next).toBeEnabled();
  await next.click();

  // step 4: the backward half
  await expect(next).toBeDisabled();
  await menuCommand(page, 'Lens view (backward strands)');
  await expect(page.locator('main .backward-wire').first()).toBeVisible();
  await next.click();

  // step 5: one training step
  await expect(panel.getByRole('heading', { name: 'One step of learning' })).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByRole('region', { name: 'Training' }).getByRole('button', { name: 'Step', exact: true }).click();
  await expect(next).toBeEnabled({ timeout: 30_000 });
  await next.click();

  // Back returns to a done step; the last step finishes the lesson
  await expect(panel.getByText('Step 6 of 6')).toBeVisible();
  await panel.getByRole('button', { name: '◀ Back' }).click();
  await expect(panel.getByText('Step 5 of 6')).toBeVisible();
  await panel.getByRole('button', { name: 'Next ▶' }).click();
  await panel.getByRole('button', { name: 'Finish' }).click();
  await expect(panel).toBeHidden();
});

test('"Attention is a lens" runs to its end, and the attention box shows its pattern as it learns', async ({
  page,
  record,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page);
  await page.getByRole('button', { name: 'Lessons' }).click();
  const chooser = page.getByRole('dialog', { name: 'Lessons' });
  await chooser.getByRole('button', { name: 'Attention is a lens' }).click();
  const discard = chooser.getByRole('button', { name: 'Start the lesson' });
  if (await discard.isVisible()) await discard.click();
  const panel = lesson(page);
  const next = panel.getByRole('button', { name: 'Next ▶' });
  await expect(panel.getByRole('heading', { name: 'One attention head' })).toBeVisible();
  await next.click();

  // the softmax with its mask, in the inspector
  await expect(next).toBeDisabled();
  await node(page, 'attn').click();
  await expect(inspector(page).getByRole('heading', { name: 'Reverse derivative' })).toBeVisible();
  await next.click();

  // R of the head: the step names the button that draws it
  await expect(panel.getByRole('heading', { name: 'The reverse derivative, drawn' })).toBeVisible();
  await next.click();
  await expect(panel.getByText('x′ = (0.25, −0.15, −0.10), which adds up to 0')).toBeVisible();
  await next.click();

  // train, then read the pattern off the attention box
  const training = page.getByRole('region', { name: 'Training' });
  await training.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(next).toBeEnabled({ timeout: 60_000 });
  await training.getByRole('button', { name: 'Pause', exact: true }).click();
  // the trained head writes the reverse task's answer
  await training.getByRole('tab', { name: 'Generate text' }).click();
  await training.getByRole('textbox', { name: 'Prompt' }).fill('abcd|');
  await training.getByRole('spinbutton', { name: 'Length' }).fill('4');
  await training.getByRole('button', { name: 'Generate text' }).click();
  await expect(training.getByRole('status', { name: 'Generated text' })).toHaveText('dcba');
  await page.screenshot({ path: 'test-results/generate-text.png' });
  await node(page, 'attn').hover();
  const card = page.getByRole('tooltip', { name: 'Attention of attention' });
  const map = card.getByRole('img', {
    name: /^Attention pattern: 8 queries by 8 keys of “[abcd]{4}\|[abcd]{3}”, the cells/,
  });
  await expect(map).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: 'test-results/attention-pattern.png' });
  // the card stays while the pointer picks another example in it
  const first = await map.getAttribute('aria-label');
  await card.getByRole('spinbutton', { name: 'Example' }).fill('2');
  await expect(map).not.toHaveAttribute('aria-label', first ?? '');
  // it stays while the focus is in it, whereever the pointer goes; a click outside puts it away
  await page.mouse.move(5, 700);
  await page.waitForTimeout(600); // past the card's linger
  await expect(card).toBeVisible();
  await page.mouse.click(5, 700);
  await expect(card).toBeHidden();
  // the keyboard's focus shows it too
  await node(page, 'attn').focus();
  await expect(card).toBeVisible();
  const second = await map.getAttribute('aria-label');
  await page.keyboard.press(']');
  await expect(map).not.toHaveAttribute('aria-label', second ?? '');
  // the text just generated, its last 8 characters, in place of the batch
  await expect(card).toContainText(/where each query looks, example \d+ of the batch step \d+ trained on/);
  await card.getByRole('combobox', { name: 'Rows' }).selectOption('the text last generated');
  await expect(card.getByRole('img', { name: /^Attention pattern: 8 queries by 8 keys of “bcd\|dcba”/ })).toBeVisible();
  await expect(card).toContainText('where each query looks, the text last generated');
  await page.screenshot({ path: 'test-results/attention-generated.png' });
  // the card stays while the box or the card has the focus: elsewhere, the lesson's Next is free again
  await next.focus();
  await expect(card).toBeHidden();
  await next.click();

  // one step animated, forward through the head then back
  await expect(next).toBeDisabled();
  await page.getByRole('button', { name: 'Animate a step' }).click();
  await expect(next).toBeEnabled({ timeout: 60_000 });
  await next.click();
  await panel.getByRole('button', { name: 'Finish' }).click();
  await expect(panel).toBeHidden();
  expect(record.consoleErrors).toEqual([]);
});
