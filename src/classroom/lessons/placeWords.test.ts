/**
 * A lesson never says where a panel or a button sits ("on the right", "at the bottom left",
 * "below"): where it sits depends on the window and the layout. A step points at it by
 * ringing it (`highlight.controls`, docs/lessons.md). Directions along the diagram ("left to
 * right", "right to left") are the diagram's own and stay.
 */
import { expect, test } from 'vitest';
import { waitText } from '../waits';
import { lessons } from './index';

const PLACE_WORDS: readonly RegExp[] = [
  /\b(on|to|at|in|from) the (left|right|top|bottom)\b/i,
  /\b(top|bottom|upper|lower)[ -](left|right)\b/i,
  /\b(below|above|beneath|underneath|under)\b/i,
  /\b(left|right|top|bottom) (side|edge|corner|port)\b/i,
  /\bin the corner\b/i,
];

export function placeWordsIn(text: string): string[] {
  return PLACE_WORDS.flatMap((re) => {
    const m = re.exec(text);
    return m ? [m[0]] : [];
  });
}

test('the words a place is named by are caught', () => {
  expect(placeWordsIn('Press Step in the training panel on the right.')).toEqual(['on the right']);
  expect(placeWordsIn('at the bottom left of the canvas')).toEqual(['at the bottom', 'bottom left']);
  expect(placeWordsIn('the section below')).toEqual(['below']);
  expect(placeWordsIn('Forward maps compose left to right; backward maps right to left.')).toEqual([]);
});

test('no built-in lesson names where a panel or button is', () => {
  const found: string[] = [];
  for (const { lesson } of lessons) {
    const texts: [string, string][] = [
      ['title', lesson.title],
      ['summary', lesson.summary],
    ];
    lesson.steps.forEach((s, i) => {
      texts.push([`steps[${i}].title`, s.title], [`steps[${i}].text`, s.text]);
      if (s.wait) texts.push([`steps[${i}].wait`, waitText(s.wait)]);
    });
    for (const [path, text] of texts)
      for (const w of placeWordsIn(text)) found.push(`${lesson.id} ${path}: “${w}” in “${text}”`);
  }
  expect(found).toEqual([]);
});
