import { expect, test } from 'vitest';
import { type Box, hidden, makeWay, READABLE } from './makeWay';
import { overlap, panelAt } from './placement';

// XOR as the gallery draws it (flow coordinates), measured at 1280×720
const xor: [string, number, number, number, number][] = [
  ['x', 0, 220, 95, 26],
  ['lin1', 190, 220, 111, 30],
  ['W1', 190, 70, 128, 30],
  ['bias1', 380, 220, 84, 30],
  ['b1', 380, 70, 115, 30],
  ['tanh1', 570, 220, 88, 30],
  ['lin2', 760, 220, 111, 30],
  ['W2', 760, 70, 128, 30],
  ['bias2', 950, 220, 84, 30],
  ['b2', 950, 70, 115, 30],
  ['yhat', 1140, 220, 106, 26],
  ['y', 1140, 420, 84, 26],
  ['loss', 1330, 320, 84, 44],
  ['alpha', 1520, 320, 161, 30],
  ['opt', 570, -68, 180, 66],
];
const boxes = (ringed: string[]): (Box & { id: string })[] =>
  xor.map(([id, x, y, width, height]) => ({ id, x, y, width, height, ringed: ringed.includes(id) }));
const m = { top: 10, right: 10, bottom: 10, left: 10 };
// the canvas at 1280×720 with the inspector's drawer out over its right 320 px: the free area,
// the zoom buttons at its bottom left, the card of step 3 of "Optimisers are lenses too"
const area = { x: 0, y: 0, width: 888, height: 412 };
const controls = { x: 15, y: 293, width: 26, height: 104 };
const card = { width: 440, height: 232 };
const opening = { x: 91.85, y: 90.84, zoom: 0.609 };

const under = (bs: (Box & { id: string })[], v: { x: number; y: number; zoom: number }, at: typeof area) =>
  bs
    .filter((b) => {
      const s = { x: b.x * v.zoom + v.x, y: b.y * v.zoom + v.y, width: b.width * v.zoom, height: b.height * v.zoom };
      return overlap(s, at) > 0;
    })
    .map((b) => b.id);

test('the card in the middle of the free area hid XOR’s hidden layer; the drawing makes way', () => {
  const bs = boxes(['opt']);
  const now = panelAt('bottom', area, card, m);
  expect(under(bs, opening, now)).toEqual(expect.arrayContaining(['bias1', 'tanh1', 'lin2']));
  const way = makeWay(bs, area, card, m, [controls], now, opening);
  expect(way).not.toBeNull();
  if (!way) return;
  const at = panelAt(way.corner, area, card, m);
  expect(way.view.zoom).toBeGreaterThanOrEqual(READABLE);
  expect(way.view.zoom).toBeLessThanOrEqual(opening.zoom);
  expect(overlap(at, controls)).toBe(0);
  // the middle of the drawing (its whole row of layers) and the ringed optimiser are seen
  const seen = under(bs, way.view, at);
  for (const id of ['opt', 'x', 'lin1', 'bias1', 'tanh1', 'lin2', 'bias2', 'yhat']) expect(seen).not.toContain(id);
  // at most one box, at the drawing's edge, is left under the card; every box is in the free area
  expect(seen.length).toBeLessThanOrEqual(1);
  expect(hidden(bs, way.view, area, { x: -1e4, y: -1e4, width: 1, height: 1 }, [])).toEqual({ ringed: 0, others: 0 });
});

test('a card that hides nothing leaves the view alone; a ringed box is never hidden to show two others', () => {
  const bs = boxes(['opt']);
  const wide = { x: 0, y: 0, width: 1208, height: 412 };
  // step 1 at 1280×720, the drawer not out: the card at the top right, over no box
  const first = { width: 440, height: 173 };
  expect(makeWay(bs, wide, first, m, [controls], panelAt('top-right', wide, first, m), opening)).toBeNull();
  const ringed = boxes(['y', 'loss']);
  const way = makeWay(ringed, area, card, m, [controls], panelAt('bottom', area, card, m), opening);
  expect(way).not.toBeNull();
  if (way) expect(hidden(ringed, way.view, area, panelAt(way.corner, area, card, m), [controls]).ringed).toBe(0);
});

test('a drawing that does not fit the free area at the readable zoom is not framed again', () => {
  const bs = boxes([]);
  const small = { x: 0, y: 0, width: 600, height: 300 };
  expect(makeWay(bs, small, card, m, [], panelAt('bottom', small, card, m), opening)).toBeNull();
});
