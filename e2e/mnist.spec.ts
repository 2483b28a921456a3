/**
 * MNIST, the largest of the paper's experiments, in one session: its 7.8 MB of digits load once
 * and serve every look at it, as they would serve a teacher.
 *
 * - The ten-class confusion matrix with every side panel open at 1280×720 (docs/screen.md): the
 *   training panel under the canvas is 720 px wide, so its settings fold to a rail and the view
 *   has their room; the matrix's 10×10 cells, at 11 px or more, and its caption are seen whole,
 *   without scrolling. With the settings open beside it the view had 191 px and the matrix 274.
 * - Presented (docs/presenting.md), at 1920×1080 and 1280×720: the lens view fits, its strands
 *   meet nowhere and its names are in type a class reads; so are the names of the boxes at work
 *   on the opening frame, a forward, a backward and the optimiser's frame of a step.
 * - A large step (batch 128) animated: a wire shows its summary, and opening it brings its values,
 *   the traced ones.
 */
import { exampleCount, expectSame, panel, type Snapshot, shownNumbers, snapshot, traced } from './animationHelpers';
import { expect, test } from './fixtures';
import { LENS_FLOOR, lookAtFrames, lookAtLens, present } from './presentHelpers';
import { screenFontSizes } from './screenChecks';
import { trainingButton, trainingPanel } from './trainingHelpers';

test.use({ panelsOpen: true });

const SMALL = { width: 1280, height: 720 };
const LARGE = { width: 1920, height: 1080 };

test('MNIST: the confusion matrix fits with every panel open; presented, it reads as large; a large step animated', async ({
  page,
  record,
}, info) => {
  // the digits load, a step is taken, and two more are traced: long on a busy machine
  test.setTimeout(300_000);
  page.on('dialog', (d) => {
    throw new Error(`unexpected native dialog: ${d.message()}`);
  });
  await page.setViewportSize(SMALL);
  await page.goto('/?backend=cpu&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  for (const name of ['Palette', 'Inspector', 'Data'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  await page
    .getByRole('dialog', { name: 'Examples' })
    .getByRole('region', { name: 'The paper’s experiments' })
    .getByRole('button', { name: 'MNIST, two dense layers', exact: true })
    .click();
  await expect(page.getByLabel('Diagram name')).toHaveText('MNIST: 784→128 relu→10');

  // the confusion matrix, with every panel open at 1280×720
  const training = trainingPanel(page);
  // the settings are a rail beside the training column: folded, their fields are not shown
  await expect(training.locator('details.train-settings-box')).not.toHaveAttribute('open');
  await expect(training.getByLabel(/^Epochs/)).toBeHidden();
  await trainingButton(page, 'Step').click();
  await expect(training.getByLabel('Step', { exact: true })).toHaveText('1', { timeout: 180_000 });
  await training.getByRole('tab', { name: 'What it learnt' }).click();
  const matrix = training.getByRole('table', { name: /^Confusion on \d+ test rows/ });
  await expect(matrix).toBeVisible({ timeout: 60_000 });
  await expect(matrix.locator('tbody tr')).toHaveCount(10);
  await expect(matrix.locator('tbody td')).toHaveCount(100);
  // seen whole: the view does not scroll either way, and the matrix and its caption lie inside it
  const view = training.locator('.train-view');
  expect(await view.evaluate((e) => [e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight])).toEqual([0, 0]);
  const inside = await view.evaluate((v) => {
    const r = v.getBoundingClientRect();
    return [...v.querySelectorAll('table, .learnt-confusion-words')].map((e) => {
      const b = e.getBoundingClientRect();
      return b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5;
    });
  });
  expect(inside).toEqual([true, true]);
  expect(Math.min(...(await screenFontSizes(page, '.learnt-confusion td')))).toBeGreaterThanOrEqual(11);
  await page.screenshot({ path: info.outputPath('mnist-every-panel-1280.png') });

  // the lens view presented, whole, at a small screen and a large one
  const seen: Record<string, Record<string, number>> = {};
  await present(page, 'Lens view');
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size);
    seen[`lens ${size.width}`] = { names: await lookAtLens(page, LENS_FLOOR[size.width]) };
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('html.presenting')).toHaveCount(0);

  // a step traced, then presented: the boxes at work in type a class reads
  await panel(page).getByRole('button', { name: 'Animate a step' }).click();
  await expect(panel(page).getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 180_000 });
  expect(await exampleCount(page)).toBe(128);
  await present(page, 'Animation of a step');
  await expect(page.locator('.anim-caption').getByRole('heading')).toBeVisible({ timeout: 60_000 });
  for (const size of [LARGE, SMALL]) {
    await page.setViewportSize(size);
    const fonts: Record<string, number> = {};
    await lookAtFrames(page, fonts);
    seen[`frames ${size.width}`] = fonts;
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('html.presenting')).toHaveCount(0);
  // the type measured, for whoever reads the run's log
  console.log(JSON.stringify(seen));

  // back from the optimiser, the first frame that lights a single wire of a summarised weight
  const timeline = panel(page).getByRole('slider', { name: 'Timeline' });
  const summaries = page.locator('main button.wire-value-lit', { hasText: /^.*min .* · mean .* · max / });
  const lit = page.locator('main button.wire-value-lit');
  let frame = Number(await timeline.getAttribute('max'));
  for (; frame > 0; frame--) {
    await timeline.fill(String(frame));
    await expect(timeline).toHaveValue(String(frame));
    if ((await lit.count()) === 1 && (await summaries.count()) === 1) break;
  }
  expect(frame).toBeGreaterThan(0);
  const chip = summaries.first();
  await expect(chip).toBeVisible();
  await expect(chip).toContainText('[784×128]');
  await page.screenshot({ path: info.outputPath('mnist-animation-summary.png') });
  const wire = (await chip.getAttribute('data-wire')) as string;
  await page.evaluate(() => {
    for (const el of [document.scrollingElement, ...document.querySelectorAll('main, main *')])
      if (el && (el.scrollTop || el.scrollLeft)) el.scrollTo(0, 0);
  });
  await chip.click();
  const pinned = panel(page).getByRole('region', { name: `wire ${wire}` });
  await expect(pinned).toBeVisible();
  await expect(pinned).toContainText(/min .* · mean .* · max /);
  // its full values arrive from the worker: the numbers shown are the traced ones
  await expect(pinned.getByRole('status', { name: `value of ${wire}` })).not.toContainText('on their way', {
    timeout: 30_000,
  });
  const at = (await snapshot(page)) as Snapshot;
  const value = (await traced(page, at.wires[wire].value)) as number[];
  expect(value.length).toBe(784 * 128);
  expectSame(await shownNumbers(page, `value of ${wire}`), value, `value of ${wire}`);
  await page.screenshot({ path: info.outputPath('mnist-animation-opened.png') });
  expect(record.consoleErrors).toEqual([]);
});

test('MNIST, convolutional, paused in its second epoch at 1280×720: the training column’s figures, its test set’s with them, are read whole', async ({
  page,
  record,
}) => {
  // an epoch of 9,000 single-example steps, then the whole test set measured: long on a busy machine
  test.setTimeout(300_000);
  await page.setViewportSize(SMALL);
  await page.goto('/?engine=typed');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
  await page
    .getByRole('dialog', { name: 'Examples' })
    .getByRole('region', { name: 'The paper’s experiments' })
    .getByRole('button', { name: 'MNIST, convolutional', exact: true })
    .click();
  await expect(page.getByLabel('Diagram name')).toHaveText(/^MNIST: convolutional/);
  // its wires' labels keep to the gaps between the boxes of its row (docs/notation.md): the
  // grid, then the noun, give way where the gap is short ("2,028 numbers (26×26×3)" ran under
  // the boxes either side); a label touching a box's border (within 2 px) is not under it
  await expect(page.locator('main .wire-label').first()).toBeVisible();
  const under = await page.locator('main .react-flow').evaluate((flow) => {
    const boxes = [...flow.querySelectorAll('.react-flow__node')].map((n) => n.getBoundingClientRect());
    return [...flow.querySelectorAll('.wire-label')].flatMap((label) => {
      const r = label.getBoundingClientRect();
      const hit = boxes.some(
        (b) => r.left < b.right - 2 && r.right > b.left + 2 && r.top < b.bottom - 2 && r.bottom > b.top + 2,
      );
      return hit ? [label.textContent] : [];
    });
  });
  expect(under).toEqual([]);
  const training = trainingPanel(page);
  await trainingButton(page, 'Play').click();
  // the first epoch's end brings the test set's loss and accuracy beside the run's own figures
  await expect(training.getByLabel('Test loss', { exact: true })).toBeVisible({ timeout: 240_000 });
  await trainingButton(page, 'Pause').click();
  await expect(training.getByRole('status', { name: 'Training status' })).toHaveText(/^Paused/, { timeout: 60_000 });
  // the last step's loss (five figures, "0.04083") and accuracy ("100.0%"), and the test set's
  // ("0.1055 88.3%"): each figure lies inside the column, none cut at its edge
  const cut = await training.locator('.train-left').evaluate((column) => {
    const edge = column.getBoundingClientRect().right;
    return [...column.querySelectorAll('.train-numbers dd')]
      .filter((dd) => dd.getBoundingClientRect().right > edge + 0.5)
      .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`)
      .concat(
        column.scrollWidth > column.clientWidth
          ? [`the column scrolls across by ${column.scrollWidth - column.clientWidth} px`]
          : [],
      );
  });
  expect(cut).toEqual([]);
  expect(record.consoleErrors).toEqual([]);
});
