/**
 * A Para group draws its parameters entering from the top (docs/screen.md, "Para groups"): each
 * gallery example drawn with groups (paraGroup.test.ts says which) opens at 1280×720, 1366×768
 * and 1920×1080 with no two boxes lying on each other — a box, or a parameter's name on a
 * group's strand, against any other box or name. CatGPT's two transformer blocks drew their ten
 * parameters each in one row, over the next block's and over the boxes beside them.
 */
import type { Page } from '@playwright/test';
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

test.use({ panelsOpen: false });

const GROUPED = [{ group: 'Attention', name: 'CatGPT, tiny' }];

/** Pairs of boxes of the canvas (a parameter's name counted as its own box) that overlap, with the overlap's size. */
const overlappingBoxes = (page: Page) =>
  page.evaluate(() => {
    const boxes: { owner: string; what: string; r: DOMRect }[] = [];
    for (const n of document.querySelectorAll('main .react-flow__node')) {
      const owner = n.getAttribute('data-id') ?? '?';
      boxes.push({ owner, what: owner, r: n.getBoundingClientRect() });
      n.querySelectorAll('.para-port').forEach((p, i) => {
        boxes.push({ owner, what: `${owner} parameter ${i + 1}`, r: p.getBoundingClientRect() });
      });
    }
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        // a box and the names on its own strand are drawn apart; two names on one strand are not
        if (a.owner === b.owner && (a.what === a.owner || b.what === b.owner)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 0.5 && h > 0.5) out.push(`${a.what} ∩ ${b.what}: ${Math.round(w)}×${Math.round(h)} px`);
      }
    return out;
  });

test("every group's parameters lie clear of every other box", async ({ page, record }, info) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page);
  for (const { group, name } of GROUPED) {
    await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Examples' }).click();
    await page
      .getByRole('dialog', { name: 'Examples' })
      .getByRole('region', { name: group })
      .getByRole('button', { name, exact: true })
      .click();
    const strands = page.getByRole('list', { name: /^parameters of / });
    await expect(strands.first()).toBeVisible();
    expect(await strands.count()).toBeGreaterThan(0);
    for (const size of [
      { width: 1280, height: 720 },
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Fit view', exact: true }).click();
      expect(await overlappingBoxes(page), `${name} at ${size.width}×${size.height}`).toEqual([]);
      if (size.width === 1280) await page.screenshot({ path: info.outputPath(`${name}-1280.png`) });
    }
  }
  // a transformer block's ten parameters, each named
  await expect(
    page
      .getByRole('list', { name: /^parameters of / })
      .first()
      .getByRole('listitem'),
  ).toHaveCount(10);
  expect(record.consoleErrors).toEqual([]);
});
