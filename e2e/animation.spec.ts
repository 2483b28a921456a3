/**
 * Watching a step learn, as a teacher does it: XOR opens, "Animate a step" traces the run's next
 * step, and stepping box by box lights the boxes in forward schedule order, then in reverse;
 * the caption names each rule; presented from its panel, the panels give way and the keyboard
 * steps it; a pinned wire shows the value and the change the worker computed
 * (read back through the `?debug` hook), for the example the teacher picked; with the animation
 * on for 80 steps and 8 traces, the worker's tfjs keeps no tensor more (a trace that kept one
 * tensor would leave 7 more). A large step (MNIST) is
 * animated in e2e/mnist.spec.ts, whose session has its digits loaded already.
 */
import type { Page } from '@playwright/test';
import {
  exampleCount,
  expectSame,
  float64,
  panel,
  type Snapshot,
  shownNumbers,
  snapshot,
  traced,
} from './animationHelpers';
import { dragFromPalette, dragWire, edge, handle, menuCommand, node } from './editorHelpers';
import { expect, test } from './fixtures';
import { pauseAtEight, setTrainingSetting, trainingButton, trainingValue, workerTensors } from './trainingHelpers';

const litBoxes = (page: Page) =>
  page.locator('main .react-flow__node:has(.anim-lit)').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));

/** A point of the wire's line that the pointer reaches there (no panel or card over it), or null. */
const inSight = (page: Page, wire: string) =>
  page.locator(`main .react-flow__edge[data-id="${wire}"] path.react-flow__edge-path`).evaluate((p: SVGPathElement) => {
    const m = p.getScreenCTM();
    const line = p.closest('.react-flow__edge');
    if (!m) return null;
    for (let k = 1; k < 40; k++) {
      const q = p.getPointAtLength((p.getTotalLength() * k) / 40);
      const point = { x: q.x * m.a + q.y * m.c + m.e, y: q.x * m.b + q.y * m.d + m.f };
      const top = document.elementFromPoint(point.x, point.y);
      if (top && line?.contains(top)) return point;
    }
    return null;
  });

test('animate a step of XOR: boxes in schedule order and back, the rule, presented from the panel, and the traced numbers', async ({
  page,
  record,
}) => {
  test.setTimeout(240_000);
  await page.goto('/?backend=cpu&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Animate a step' }).click();
  await expect(panel(page).getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 60_000 });
  const snap = (await snapshot(page)) as Snapshot;
  expect(snap.step).toBeGreaterThan(1);
  // the inputs: data, label and parameters
  expect((await litBoxes(page)).sort()).toEqual(['W1', 'W2', 'b1', 'b2', 'x', 'y']);
  await page.screenshot({ path: 'test-results/animation-inputs.png' });

  // step box by box through the whole timeline, reading what the drawing lights
  const visits: string[] = [];
  const timeline = panel(page).getByRole('slider', { name: 'Timeline' });
  for (let i = 1; i < snap.frames.length; i++) {
    await panel(page).getByRole('button', { name: 'Next box ▶' }).click();
    await expect(timeline).toHaveValue(String(i));
    const f = snap.frames[i];
    await expect(node(page, f.box).locator(`.anim-lit.anim-${f.kind}`)).toHaveCount(1);
    const lit = await litBoxes(page);
    expect(lit, `frame ${i}`).toEqual([f.box]);
    visits.push(`${f.kind} ${lit[0]}`);
    if (f.kind === 'forward' && f.box === 'tanh1') {
      await expect(panel(page).getByRole('heading', { name: 'Forward · tanh1' })).toBeVisible();
      await expect(panel(page).getByText('y = tanh(x)', { exact: true })).toBeVisible();
      await page.screenshot({ path: 'test-results/animation-forward.png' });
    }
    if (f.kind === 'backward' && f.box === 'tanh1') {
      await expect(panel(page).getByRole('heading', { name: 'Backward · tanh1' })).toBeVisible();
      await expect(panel(page).getByText(/^R\[tanh\]\(x, d\) = d − d·tanh\(x\)²: .*\(.* = .*\)/)).toBeVisible();
      await page.screenshot({ path: 'test-results/animation-backward.png' });
    }
  }
  expect(visits).toEqual([
    'forward lin1',
    'forward bias1',
    'forward tanh1',
    'forward lin2',
    'forward bias2',
    'forward loss',
    'backward alpha',
    'backward loss',
    'backward bias2',
    'backward lin2',
    'backward tanh1',
    'backward bias1',
    'backward lin1',
    'backward opt',
  ]);
  await expect(panel(page).getByRole('heading', { name: /^Optimiser · opt/ })).toBeVisible();
  await expect(panel(page).getByRole('table')).toContainText('new p');
  await page.screenshot({ path: 'test-results/animation-optimiser.png' });
  // in the lens view, the changes go up the strands into the optimiser lens above the parameters
  await menuCommand(page, 'Lens view (backward strands)');
  await expect(page.locator('.optimiser-strand.anim-lit')).toHaveCount(4);
  await page.screenshot({ path: 'test-results/animation-optimiser-lens.png' });
  await menuCommand(page, 'Lens view (backward strands)');

  // presentation mode from the panel, at the opening frame: panels hidden, large caption, the
  // keyboard steps the animation
  await timeline.fill('0');
  await expect(panel(page).getByRole('heading', { name: 'The step starts' })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Present' }).click();
  await expect(page.getByRole('complementary', { name: 'Palette' })).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toBeHidden();
  // the caption in projector type; the panel's controls give way to the keyboard (docs/presenting.md)
  const sizes = await page
    .locator('.anim-title, .anim-rule')
    .evaluateAll((els) => els.map((e) => Number.parseFloat(getComputedStyle(e).fontSize)));
  expect(sizes.length).toBeGreaterThan(1);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(24);
  await expect(panel(page).locator('.anim-controls')).toBeHidden();
  // the controls are hidden while presenting; they still say where the animation is
  const hiddenTimeline = panel(page).getByRole('slider', { name: 'Timeline', includeHidden: true });
  await page
    .locator('main .react-flow__pane')
    .first()
    .click({ position: { x: 30, y: 30 } });
  // the opening frame lights the whole drawing: → walks its parts first, then the boxes
  const part = page.locator('.anim-place');
  await expect(part).toHaveText(/^Part 1 of [2-9] /);
  const parts = Number(/of (\d)/.exec((await part.textContent()) ?? '')?.[1]);
  for (let k = 2; k <= parts; k++) {
    await page.keyboard.press('ArrowRight');
    await expect(part).toHaveText(new RegExp(`^Part ${k} of ${parts} `));
  }
  await expect(hiddenTimeline).toHaveValue('0');
  await page.keyboard.press('ArrowRight');
  await expect(hiddenTimeline).toHaveValue('1');
  await expect(node(page, 'lin1').locator('.anim-lit.anim-forward')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(node(page, 'tanh1').locator('.anim-lit.anim-forward')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/animation-presenting.png' });
  await page.keyboard.press('ArrowLeft');
  await expect(hiddenTimeline).toHaveValue('2');
  await page.keyboard.press(' ');
  await expect(panel(page).getByRole('button', { name: '❚❚ Pause', includeHidden: true })).toBeAttached();
  await expect.poll(async () => Number(await hiddenTimeline.inputValue())).toBeGreaterThan(2);
  await page.keyboard.press(' ');
  await expect(panel(page).getByRole('button', { name: '▶ Play', includeHidden: true })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary', { name: 'Palette' })).toBeVisible();

  // back to the start with the scrubber, then pin three wires at the last frame: value and change as traced
  await timeline.fill('0');
  await expect(panel(page).getByRole('heading', { name: 'The step starts' })).toBeVisible();
  await timeline.fill(String(snap.frames.length - 1));
  await panel(page)
    .getByLabel('Example')
    .selectOption({ label: `3 of ${await exampleCount(page)}` });
  for (const wire of ['w3', 'w5', 'w8']) {
    // a card left out for want of room comes back while the pointer is on its wire's line
    // (docs/screen.md, "The animation"): point at the line first, as a user looking for it does
    const card = page.locator(`main button.wire-value[data-wire="${wire}"]`);
    if (!(await card.isVisible())) {
      const at = await inSight(page, wire);
      expect(at, `a point of ${wire}'s line in sight`).not.toBeNull();
      if (at) await page.mouse.move(at.x, at.y);
    }
    await card.click();
    await expect(panel(page).getByRole('region', { name: `wire ${wire}` })).toBeVisible();
    const at = (await snapshot(page)) as Snapshot;
    expect(at.example).toBe(2);
    const value = (await traced(page, at.wires[wire].value)) as number[];
    const change = (await traced(page, at.wires[wire].changes[0])) as number[];
    expectSame(await shownNumbers(page, `value of ${wire}`), value, `value of ${wire}`);
    expectSame(await shownNumbers(page, `change of ${wire}`), change, `change of ${wire}`);
    // and the same step run again in float64 from the trace's inputs agrees within float32 rounding
    const exact64 = (await float64(page, at.wires[wire].changes[0])) as number[];
    const shown = await shownNumbers(page, `change of ${wire}`);
    const scale = Math.max(...exact64.map(Math.abs));
    shown.forEach((v, i) => {
      expect(Math.abs(v - exact64[i]), `float64 change of ${wire}[${i}]`).toBeLessThanOrEqual(
        1e-3 * scale + 5e-4 * Math.abs(exact64[i]),
      );
    });
    const value64 = (await float64(page, at.wires[wire].value)) as number[];
    (await shownNumbers(page, `value of ${wire}`)).forEach((v, i) => {
      expect(Math.abs(v - value64[i]), `float64 value of ${wire}[${i}]`).toBeLessThanOrEqual(
        1e-4 * Math.abs(value64[i]) + 5e-4 * Math.abs(value64[i]) + 1e-6,
      );
    });
  }
  await page.screenshot({ path: 'test-results/animation-pinned.png' });
  // clicking the wire itself pins it too
  await expect(edge(page, 'tanh1', 'lin2')).toHaveCount(1);
  // Playwright scrolled chips below the short canvas into view (a user cannot click those):
  // put every scrolled box back, then click a fifth of the way along the wire, clear of its
  // label and value chip at the middle
  await page.evaluate(() => {
    for (const el of [document.scrollingElement, ...document.querySelectorAll('main, main *')])
      if (el && (el.scrollTop || el.scrollLeft)) el.scrollTo(0, 0);
  });
  // where a user can see it: the first point along the wire, clear of its middle, that no panel
  // or chip lies on. At 1280×720 the wire lies under the animation's panel at this frame; on a
  // larger screen it is in sight
  await page.setViewportSize({ width: 1920, height: 1080 });
  const sighted = () =>
    edge(page, 'tanh1', 'lin2')
      .locator('path.react-flow__edge-path')
      .evaluate((p: SVGPathElement) => {
        const m = p.getScreenCTM();
        if (!m) return null;
        const wire = p.closest('.react-flow__edge');
        for (const t of [0.2, 0.15, 0.25, 0.1, 0.3, 0.7, 0.75, 0.8, 0.85, 0.9, 0.35, 0.65]) {
          const q = p.getPointAtLength(p.getTotalLength() * t);
          const point = { x: q.x * m.a + q.y * m.c + m.e, y: q.x * m.b + q.y * m.d + m.f };
          const top = document.elementFromPoint(point.x, point.y);
          if (top && wire?.contains(top)) return point;
        }
        return null;
      });
  await expect.poll(sighted, { message: 'a point of the wire tanh1 → lin2 in sight' }).not.toBeNull();
  const at = (await sighted()) as { x: number; y: number };
  await page.mouse.click(at.x, at.y);
  await expect(panel(page).getByRole('region', { name: 'wire w6' })).toBeVisible();
  expect(record.consoleErrors).toEqual([]);
});

test('a copied wire: the changes of its two copies are summed, as the trace holds them', async ({ page, record }) => {
  test.setTimeout(240_000);
  await page.goto('/?backend=cpu&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  // around tanh: bias's output goes to tanh and, past it, into an add with tanh's output
  const w6 = edge(page, 'tanh1', 'lin2');
  await w6.locator('path').first().click({ button: 'right', force: true });
  await page.getByRole('menu', { name: 'wire menu' }).getByRole('menuitem', { name: 'Delete selection' }).click();
  await expect(w6).toHaveCount(0);
  await dragFromPalette(page, 'add', 'add', 520, 40);
  await expect(node(page, 'add1')).toBeVisible();
  await dragWire(page, handle(page, 'bias1', 'y'), handle(page, 'add1', 'a'));
  await dragWire(page, handle(page, 'tanh1', 'y'), handle(page, 'add1', 'b'));
  await dragWire(page, handle(page, 'add1', 'y'), handle(page, 'lin2', 'x'));
  await expect(edge(page, 'bias1', 'add1')).toHaveCount(1);
  await expect(edge(page, 'add1', 'lin2')).toHaveCount(1);

  await panel(page).getByRole('button', { name: 'Animate a step' }).click();
  await expect(panel(page).getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 60_000 });
  const snap = (await snapshot(page)) as Snapshot;
  const at = snap.frames.findIndex((f) => f.sum);
  const sum = snap.frames[at].sum as NonNullable<Snapshot['frames'][number]['sum']>;
  expect(snap.frames[at]).toMatchObject({ kind: 'backward', box: 'bias1' });
  expect(sum.wires).toHaveLength(2);
  // the add passes the change on: its own frame, before the copy's
  const add = snap.frames.findIndex((f) => f.kind === 'backward' && f.box === 'add1');
  expect(add).toBeGreaterThan(0);
  expect(add).toBeLessThan(at);

  await panel(page).getByRole('slider', { name: 'Timeline' }).fill(String(add));
  await expect(
    panel(page).getByText(/^R\[add\]\(\(a, b\), d\) = \(d, d\): the change is passed to each input/),
  ).toBeVisible();
  await expect(node(page, 'add1').locator('.anim-lit.anim-backward')).toHaveCount(1);
  await panel(page).getByRole('slider', { name: 'Timeline' }).fill(String(at));
  await expect(
    panel(page).getByText(/^R\[Δ\]\(x, \(d₀, d₁\)\) = d₀ \+ d₁: the two changes are summed \(/),
  ).toBeVisible();
  await expect(node(page, 'bias1').locator('.anim-lit.anim-backward')).toHaveCount(1);
  const changes: number[][] = [];
  for (const wire of sum.wires) {
    await page.locator(`main button.wire-value[data-wire="${wire}"]`).click();
    await expect(panel(page).getByRole('region', { name: `wire ${wire}` })).toBeVisible();
    changes.push(await shownNumbers(page, `change of ${wire}`));
  }
  const total = (await traced(page, sum.buffer)) as number[];
  const scale = Math.max(...total.map(Math.abs), ...changes.flat().map(Math.abs));
  total.forEach((v, i) => {
    expect(Math.abs(changes[0][i] + changes[1][i] - v), `sum at ${i}`).toBeLessThanOrEqual(1e-3 * scale);
  });
  await page.screenshot({ path: 'test-results/animation-copy.png' });
  expect(record.consoleErrors).toEqual([]);
});

test('the animation on for 80 steps and 8 traces: the worker’s tfjs keeps no tensor more', async ({ page, record }) => {
  test.setTimeout(400_000);
  await page.goto('/?engine=cpu&debug');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  // a run long enough not to end while the animation traces it
  await setTrainingSetting(page, /^Epochs/, '100000');
  await trainingButton(page, 'Play').click();
  await expect.poll(() => trainingValue(page, 'Step'), { timeout: 60_000 }).toBeGreaterThanOrEqual(50);
  await pauseAtEight(page);
  const before = await workerTensors(page);
  const from = await trainingValue(page, 'Step');
  expect(before).toBeGreaterThan(0);
  // the run trains while the animation traces one step after another, for 8 traces and 80 steps at least
  await trainingButton(page, 'Play').click();
  const shownStep = panel(page).getByText(/^step \d+$/);
  await panel(page).getByRole('button', { name: 'Animate a step' }).click();
  await expect(shownStep).toBeVisible({ timeout: 60_000 });
  let traces = 1;
  while (traces < 8 || (await trainingValue(page, 'Step')) < from + 80) {
    const was = await shownStep.textContent();
    await panel(page).getByRole('button', { name: 'Trace the next step' }).click();
    // the step label goes while the next step is traced, and comes back with another step
    await expect
      .poll(async () => ((await shownStep.count()) > 0 ? await shownStep.textContent() : ''), { timeout: 60_000 })
      .toMatch(new RegExp(`^step (?!${(was ?? '').slice(5)}$)\\d+$`));
    traces++;
  }
  await pauseAtEight(page);
  expect(await workerTensors(page)).toBe(before);
  expect(record.consoleErrors).toEqual([]);
});

/** Until the canvas's view has stood still for ten animation frames (a glide to a frame has ended). */
async function atRest(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const style = () => document.querySelector('main .react-flow__viewport')?.getAttribute('style');
        const first = style();
        for (let i = 0; i < 10; i++) await new Promise((go) => requestAnimationFrame(go));
        return style() === first;
      }),
    )
    .toBe(true);
}

test('closed, the animation gives the view back as it was before it framed the drawing', async ({ page, record }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?engine=typed');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  const view = () => page.locator('main .react-flow__viewport').first().getAttribute('style');
  // the opening view, at rest (an opening may frame again once the canvas has its size)
  await atRest(page);
  const before = await view();
  await panel(page).getByRole('button', { name: 'Animate a step' }).click();
  await expect(panel(page).getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 60_000 });
  // the step's frames bring the boxes at work into the band beside the panel: the view moves
  for (let i = 0; i < 12 && (await view()) === before; i++)
    await panel(page).getByRole('button', { name: 'Next box ▶' }).click();
  await expect.poll(view).not.toBe(before);
  await atRest(page);
  await panel(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(panel(page).getByRole('button', { name: 'Animate a step' })).toBeVisible();
  await expect.poll(view).toBe(before);
  expect(record.consoleErrors).toEqual([]);
});
