/** No built-in lesson says where a panel or a button sits (placeWords.ts, docs/lessons.md). */
import { expect, test } from 'vitest';
import { placeWordsIn } from '../placeWords';
import { waitText } from '../waits';
import { shippedLessons } from './index';

const lessons = shippedLessons();

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
