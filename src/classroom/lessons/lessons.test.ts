import { expect, test } from 'vitest';
import { compileDocument } from '../../compile/compile';
import { LESSON_FILES, shippedLessons } from './index';

const lessons = shippedLessons();

test('the six lessons ship in their teaching order, each named by its file', () => {
  expect(lessons.map((l) => l.lesson.id)).toEqual(['lens', 'copying', 'learner', 'optimisers', 'boolean', 'attention']);
  expect(Object.keys(LESSON_FILES)).toEqual(lessons.map((l) => l.lesson.id));
});

test('every wire a lesson asks for is missing at its start and would be accepted: the step can be done', () => {
  for (const { lesson, doc } of lessons)
    for (const step of lesson.steps) {
      if (step.wait?.kind !== 'wire') continue;
      const [fb, fp] = step.wait.from.split('.');
      const [tb, tp] = step.wait.to.split('.');
      expect(
        doc.wires.some((w) => w.to.box === tb && w.to.port === tp),
        `${lesson.id}: ${step.wait.to} is free`,
      ).toBe(false);
      const wired = {
        ...doc,
        wires: [...doc.wires, { id: 'lesson-wire', from: { box: fb, port: fp }, to: { box: tb, port: tp } }],
      };
      const errors = compileDocument(wired).errors;
      expect(errors, `${lesson.id} after the wire ${step.wait.from} → ${step.wait.to}`).toEqual([]);
    }
});

test('a lesson that waits for no wire opens a diagram that compiles as it is', () => {
  for (const { lesson, doc } of lessons) {
    if (lesson.steps.some((s) => s.wait?.kind === 'wire')) continue;
    const errors = compileDocument(doc).errors;
    expect(errors, lesson.id).toEqual([]);
  }
});
