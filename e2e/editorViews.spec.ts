import type { Page } from '@playwright/test';
import { canvasZoom, menuCommand, node, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

/** Shows R[f] beside the canvas, once R[f] is laid out. */
async function showReverse(page: Page) {
  await menuCommand(page, 'Show reverse derivative');
  const view = page.getByRole('region', { name: 'Reverse derivative' });
  await expect(view.locator('.rbox').first()).toBeVisible({ timeout: 20_000 });
  return view;
}

test('XOR opens at a readable zoom; its R[f] names its boundary wires after the diagram, is drawn as it runs, reads at a glance, and is linked to the boxes it came from', async ({
  page,
  record,
}) => {
  await page.setViewportSize({ width: 1400, height: 850 });
  await openEditor(page);
  await expect(node(page, 'lin1')).toBeVisible();
  // never below 0.6, the readable floor of a projected screen (docs/screen.md)
  await expect.poll(() => canvasZoom(page)).toBeGreaterThanOrEqual(0.6);
  const label = await node(page, 'lin1').locator('.box-label').boundingBox();
  expect(label?.height ?? 0).toBeGreaterThanOrEqual(8);
  const wireLabel = await page.locator('.wire-label').first().boundingBox();
  expect(wireLabel?.height ?? 0).toBeGreaterThanOrEqual(7);

  // R[f] names its boundary wires after the diagram: parameters, inputs, output changes
  const view = await showReverse(page);
  const names = await view.locator('.rbox-boundary').allTextContents();
  expect(names).toEqual(
    expect.arrayContaining(['W of linear 2→8', 'b of bias 2', 'features', 'd ŷ', 'd W of linear 2→8', 'd features']),
  );
  expect(names.filter((n) => /^(x|d|dx)\d+$/.test(n))).toEqual([]);
  expect(names.filter((n) => /^\w+\d\.\w+$/.test(n))).toEqual([]);

  // R[f] is drawn as it runs: what rdiff makes but nothing computes is left out, and said so
  await expect(view.getByText(/^As it runs: .*(left out|read from the forward pass)\.$/)).toBeVisible();
  // each forward box of the example is drawn at most once: recomputations are read from it
  const forward = await view
    .locator('.rbox-forward')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-source')));
  expect(new Set(forward).size).toBe(forward.length);

  // R[f] reads at a glance: a legend, the drawing’s names, 12 px text at its default zoom, the whole panel
  const legend = view.getByRole('list', { name: 'Legend' });
  await expect(legend).toContainText('forward box');
  await expect(legend).toContainText('reverse box');
  await expect(view.locator('.rbox-of', { hasText: 'linear 2→8' }).first()).toBeVisible();
  // every text of the graph, as drawn on screen at the zoom the view opens at
  const smallest = await view.evaluate((el) => {
    const texts = [...el.querySelectorAll('.rbox span, .rbox-boundary, .react-flow__edge-text')];
    const zoom = new DOMMatrix(getComputedStyle(el.querySelector('.react-flow__viewport') as Element).transform).a;
    return Math.min(...texts.map((t) => Number.parseFloat(getComputedStyle(t).fontSize) * zoom));
  });
  expect(smallest).toBeGreaterThanOrEqual(12);
  const canvas = await page.locator('main .react-flow').first().boundingBox();
  const box = await view.boundingBox();
  expect((box?.width ?? 0) * (box?.height ?? 0)).toBeGreaterThanOrEqual(
    0.95 * (canvas?.width ?? 0) * (canvas?.height ?? 0),
  );
  await page.screenshot({ path: '/tmp/h14b-views-reverse.png' });
  // its wires are labelled as the canvas's are, in the notation chosen (plain by default)
  await expect(view.locator('.react-flow__edge-text', { hasText: /^8 numbers$/ }).first()).toBeAttached();
  expect(await view.locator('.react-flow__edge-text', { hasText: 'ℝ' }).count()).toBe(0);
  // wider than the view at a readable zoom: it opens at its left end, where the values enter,
  // the map shows the rest, and the fit button shows it whole (docs/screen.md)
  const pane = await view.locator('.react-flow').boundingBox();
  const lefts = await view.locator('.rbox').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
  expect(Math.min(...lefts)).toBeGreaterThanOrEqual(pane?.x ?? 0);
  expect(Math.min(...lefts)).toBeLessThan((pane?.x ?? 0) + 80);
  await expect(view.getByRole('img', { name: /^Map of the diagram/ })).toBeVisible();
  await view.getByRole('button', { name: 'Fit View' }).click();
  await expect
    .poll(async () => {
      const rects = await view
        .locator('.rbox')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom]));
      const p = await view.locator('.react-flow').boundingBox();
      if (!p) return false;
      return rects.every(([l, t, r, b]) => l >= p.x && t >= p.y && r <= p.x + p.width && b <= p.y + p.height);
    })
    .toBe(true);

  // R[f] is linked to the boxes it came from: the view opens at a readable zoom, so it may not
  // show every box: hover one it shows
  const linked = view.locator('.rbox[data-source="tanh1"]').first();
  await expect(linked).toBeInViewport();
  await linked.hover();
  await expect(node(page, 'tanh1').locator('.is-linked')).toHaveCount(1);
  expect(record.consoleErrors).toEqual([]);
});

test('a Para group: its parameters on top, its own inspector, and the term names it', async ({ page, record }) => {
  await page.setViewportSize({ width: 1400, height: 850 });
  await openEditor(page);
  await node(page, 'lin1').click();
  for (const id of ['W1', 'bias1', 'b1', 'tanh1']) await node(page, id).click({ modifiers: ['Shift'] });
  await menuCommand(page, 'Group as Para box');
  const group = page.locator('main .react-flow__node-group');
  await expect(group).toHaveCount(1);
  const ports = group.getByRole('list', { name: /^parameters of / });
  await expect(ports.getByRole('listitem')).toHaveText(['P W of linear 2→8', 'P b of bias 1']);
  const portBox = await ports.boundingBox();
  const groupBox = await group.locator('.box-forward').boundingBox();
  expect((portBox?.y ?? 0) + (portBox?.height ?? 0)).toBeLessThanOrEqual(groupBox?.y ?? 0);
  await group.click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector.getByText('(Para box)')).toBeVisible();
  await expect(inspector.getByText(/^Para\(ℝ\^\{2×8\}ᵖ × ℝ\^8ᵖ\) : /)).toBeVisible();
  await expect(inspector.getByText(/^R\[group 1\] = R\[tanh\] ; R\[bias\] ; R\[linear\[2→8\]\]$/)).toBeVisible();
  const term = page.getByRole('region', { name: 'Composite term' });
  await expect(term).toContainText(/^Term\s*group 1 ; linear\[8→2\]/);
  await page.screenshot({ path: '/tmp/h14b-views-para-group.png' });
  await menuCommand(page, 'Lens view (backward strands)');
  await page.screenshot({ path: '/tmp/h14b-views-lens-group.png' });
  expect(record.consoleErrors).toEqual([]);
});

test('the lens view, as the paper draws the learner', async ({ page, record }) => {
  // at 1280×720 the boxes grow by their backward strands: none then lies under the canvas map,
  // the controls or the legend, or past the canvas's edge (the view is framed again)
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page);
  await menuCommand(page, 'Lens view (backward strands)');
  await expect(node(page, 'lin1').locator('.backward-strand')).toBeVisible();
  await expect.poll(() => boxesHidden(page), 'boxes hidden in the lens view at 1280×720').toEqual([]);
  await page.setViewportSize({ width: 1400, height: 850 });
  await page.getByRole('button', { name: 'Fit view', exact: true }).click();
  // the learner's boxes are lenses too: loss, learning rate, optimiser
  for (const id of ['loss', 'alpha', 'opt']) await expect(node(page, id).locator('.backward-strand')).toBeVisible();
  // the optimiser lens above the parameter wires: above every parameter, a pair of strands to each
  const opt = await node(page, 'opt').boundingBox();
  const strands = page.getByRole('figure', { name: "the optimiser's strands" });
  const names = ['W of linear 2→8', 'b of bias 1', 'W of linear 8→2', 'b of bias 2'];
  for (const [i, id] of ['W1', 'b1', 'W2', 'b2'].entries()) {
    const param = await node(page, id).boundingBox();
    expect((opt?.y ?? 0) + (opt?.height ?? 0), `the optimiser above ${id}`).toBeLessThan(param?.y ?? 0);
    const pair = strands.getByRole('img', {
      name: `${names[i]}: its value p from the optimiser, its change p′ back up into it`,
    });
    await expect(pair).toBeVisible();
    // the strands run from the optimiser's lower edge to the parameter's top
    const span = await pair.boundingBox();
    expect(
      Math.abs((span?.y ?? 0) - ((opt?.y ?? 0) + (opt?.height ?? 0))),
      `strands of ${id} leave the optimiser`,
    ).toBeLessThan(4);
    expect((span?.y ?? 0) + (span?.height ?? 0)).toBeGreaterThan((param?.y ?? 0) - 4);
  }
  await expect(strands.getByRole('img', { name: /from the optimiser/ })).toHaveCount(4);
  await page.screenshot({ path: 'test-results/views-lens-learner.png' });
  expect(record.consoleErrors).toEqual([]);
});

/** The boxes that lie, even in part, under the canvas's furniture or past the pane's edge. */
const boxesHidden = (page: Page) =>
  page.evaluate(() => {
    const pane = document.querySelector('main .react-flow');
    if (!pane) return ['no canvas'];
    const at = pane.getBoundingClientRect();
    const furniture = [...pane.querySelectorAll('.wire-legend, .react-flow__controls, .canvas-map')]
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0);
    return [...pane.querySelectorAll('.react-flow__node')]
      .filter((n) => {
        const r = n.getBoundingClientRect();
        const outside = r.left < at.left || r.top < at.top || r.right > at.right || r.bottom > at.bottom;
        const under = furniture.some(
          (f) => r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top,
        );
        return outside || under;
      })
      .map((n) => n.getAttribute('data-id'));
  });
