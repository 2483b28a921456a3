import { expect, test } from 'vitest';
import { createLessonStore } from './lessonStore';
import { shippedLessons } from './lessons';

test('steps move within the lesson; a step done once stays done; a new lesson starts afresh', () => {
  const store = createLessonStore();
  const s = () => store.getState();
  s().begin(shippedLessons()[0], 7);
  expect(s().index).toBe(0);
  s().go(-1, 7);
  expect(s().index).toBe(0);
  s().go(99, 9);
  expect(s()).toMatchObject({ index: shippedLessons()[0].lesson.steps.length - 1, trainStepsAtStart: 9 });
  s().markDone(3);
  s().markDone(3);
  expect(s().done).toEqual([3]);
  s().begin(shippedLessons()[1], 9);
  expect(s()).toMatchObject({ index: 0, done: [], active: shippedLessons()[1] });
  s().close();
  expect(s().active).toBeNull();
});
