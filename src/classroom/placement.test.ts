import { expect, test } from 'vitest';
import { chooseCorner, overlap, panelAt } from './placement';

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
  expect(chooseCorner(area, panel, everywhere, [], m)).toBe('bottom-right');
});

test('where the panel sits at a corner, and what overlaps', () => {
  expect(panelAt('bottom-right', area, panel, m)).toEqual({ x: 690, y: 390, width: 300, height: 200 });
  expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 5, height: 5 })).toBe(0);
  expect(overlap({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 })).toBe(25);
});
