import { expect, test } from 'vitest';
import { CORNERS, chooseCorner, clearance, freeArea, overlap, panelAt } from './placement';

const area = { x: 0, y: 0, width: 1000, height: 600 };
const panel = { width: 300, height: 200 };
const m = { top: 10, right: 10, bottom: 10, left: 10 };

test('the panel takes the first corner that covers nothing highlighted', () => {
  expect(chooseCorner(area, panel, [], [], m)).toBe('top-right');
  const topRightBox = { x: 800, y: 50, width: 100, height: 40 };
  expect(chooseCorner(area, panel, [topRightBox], [], m)).toBe('top-left');
});

test('a highlighted box outweighs the canvas controls; controls break ties between free corners', () => {
  const boxes = [
    { x: 800, y: 50, width: 100, height: 40 },
    { x: 50, y: 50, width: 100, height: 40 },
  ];
  const minimap = { x: 840, y: 500, width: 150, height: 90 };
  expect(chooseCorner(area, panel, boxes, [minimap], m)).toBe('bottom-left');
  const everywhere = [...boxes, { x: 50, y: 500, width: 100, height: 40 }, { x: 900, y: 500, width: 10, height: 10 }];
  // Every corner covers something: the middle of an edge is free.
  expect(chooseCorner(area, panel, everywhere, [minimap], m)).toBe('top');
  const middle = { x: 480, y: 50, width: 40, height: 40 };
  expect(chooseCorner(area, panel, [...everywhere, middle], [minimap], m)).toBe('bottom');
  // Nothing free anywhere: the least covered.
  const wide = { x: 0, y: 0, width: 1000, height: 600 };
  expect(CORNERS).toContain(chooseCorner(area, panel, [wide], [], m));
});

test('where the panel sits at a corner, and what overlaps', () => {
  expect(panelAt('bottom-right', area, panel, m)).toEqual({ x: 690, y: 390, width: 300, height: 200 });
  expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 5, height: 5 })).toBe(0);
  expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 })).toBe(25);
});

test('the canvas controls are never covered; a highlight left under the panel is moved clear', () => {
  const small = { x: 0, y: 0, width: 1000, height: 400 };
  const minimap = { x: 840, y: 300, width: 150, height: 90 };
  const zoom = { x: 10, y: 250, width: 30, height: 140 };
  const row = [0, 1, 2, 3].map((i) => ({ x: 40 + i * 250, y: 180, width: 80, height: 40 }));
  const c = chooseCorner(small, panel, row, [], m, [minimap, zoom]);
  const at = panelAt(c, small, panel, m);
  expect(overlap(at, minimap) + overlap(at, zoom)).toBe(0);
  const dy = clearance(small, at, row);
  expect(dy).not.toBe(0);
  const moved = row.map((r) => ({ ...r, y: r.y + dy }));
  expect(moved.reduce((s, r) => s + overlap(at, r), 0)).toBe(0);
  expect(clearance(small, at, moved)).toBe(0);
});

test('among corners equal in all else, the one covering the fewest of the other boxes', () => {
  const minimap = { x: 840, y: 500, width: 150, height: 90 };
  const topRightBox = { x: 800, y: 50, width: 100, height: 40 };
  // top-right is first in order, but a box of the drawing sits there: top-left is free
  expect(chooseCorner(area, panel, [], [], m, [minimap], false, [topRightBox])).toBe('top-left');
  // top-left holds a highlight, top-right a box: the free bottom-left, not the box's corner
  const highlight = { x: 50, y: 50, width: 100, height: 40 };
  expect(chooseCorner(area, panel, [highlight], [], m, [minimap], false, [topRightBox])).toBe('bottom-left');
  // a highlight outweighs any number of other boxes
  const full = { x: 0, y: 0, width: 1000, height: 600 };
  const onlyHighlightFree = chooseCorner(area, panel, [highlight], [], m, [], false, [full]);
  expect(onlyHighlightFree).not.toBe('top-left');
});

test('a box the panel does not point at is moved clear with the whole drawing', () => {
  // a row of four boxes across a low canvas: every place of the panel covers one of them
  const low = { x: 0, y: 0, width: 1200, height: 420 };
  const card = { width: 440, height: 210 };
  const row = [0, 1, 2, 3].map((i) => ({ x: 160 + i * 250, y: 180, width: 120, height: 50 }));
  const highlight = [row[1]];
  const c = chooseCorner(low, card, highlight, [], m, [], false, row);
  const at = panelAt(c, low, card, m);
  expect(row.some((r) => overlap(at, r) > 0)).toBe(true);
  const dy = clearance(low, at, [...highlight, ...row]);
  const moved = row.map((r) => ({ ...r, y: r.y + dy }));
  expect(moved.every((r) => overlap(at, r) === 0)).toBe(true);
  expect(moved.every((r) => r.y >= low.y && r.y + r.height <= low.y + low.height)).toBe(true);
  // no room to move: it stays, and the panel falls back on covering no highlight
  const tall = row.map((r) => ({ ...r, y: 20, height: 390 }));
  expect(clearance(low, at, tall)).toBe(0);
});

test('a panel docked over a whole edge of the canvas takes its band: the card is placed beside it', () => {
  // the inspector's drawer over the right edge, the full height (as at 1280 px)
  const drawer = { x: 700, y: 0, width: 300, height: 600 };
  const free = freeArea(area, [drawer], panel, m);
  expect(free).toEqual({ x: 0, y: 0, width: 700, height: 600 });
  const at = panelAt(chooseCorner(free, panel, [], [], m), free, panel, m);
  expect(overlap(at, drawer)).toBe(0);
  expect(at).toEqual({ x: 390, y: 10, width: 300, height: 200 });
  // the animation panel docked at the right with a margin of a few px, and one docked along the bottom
  expect(freeArea(area, [{ x: 590, y: 10, width: 400, height: 585 }], panel, m).width).toBe(590);
  expect(freeArea(area, [{ x: 5, y: 380, width: 990, height: 215 }], panel, m)).toEqual({
    x: 0,
    y: 0,
    width: 1000,
    height: 380,
  });
  // at the left edge
  expect(freeArea(area, [{ x: 0, y: 0, width: 250, height: 600 }], panel, m).x).toBe(250);
});

test('a panel that is not docked over a whole edge stays an obstacle, and a band too narrow leaves the whole canvas', () => {
  // a card in the middle, one only half as tall as the canvas, one elsewhere on the page
  for (const d of [
    { x: 400, y: 200, width: 200, height: 100 },
    { x: 700, y: 0, width: 300, height: 300 },
    { x: 1200, y: 0, width: 300, height: 600 },
  ])
    expect(freeArea(area, [d], panel, m)).toEqual(area);
  // what is left beside the panel is narrower than the card and its margins
  expect(freeArea(area, [{ x: 310, y: 0, width: 690, height: 600 }], panel, m)).toEqual(area);
  expect(freeArea(area, [{ x: 330, y: 0, width: 670, height: 600 }], panel, m).width).toBe(330);
});
