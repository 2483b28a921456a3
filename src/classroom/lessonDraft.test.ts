import { expect, test } from 'vitest';
import { loadExample } from '../io/examples';
import { parseLesson } from '../io/lesson';
import { addStep, emptyDraft, lessonFileOf, moveStep, pointAt, removeStep, setWait } from './lessonDraft';
import { exampleOf } from './lessonExample';

test('clicks make steps pointing at what was clicked, or add to the chosen step, and a second click takes back', () => {
  let d = pointAt(emptyDraft(), { kind: 'box', id: 'x', name: 'input x' });
  expect(d.steps.map((s) => [s.title, s.highlight.boxes])).toEqual([['input x', ['x']]]);
  expect(d.current).toBe(0);
  d = pointAt(d, { kind: 'wire', id: 'w1', name: 'wire' });
  expect(d.steps[0].highlight.wires).toEqual(['w1']);
  d = pointAt(d, { kind: 'wire', id: 'w1', name: 'wire' });
  expect(d.steps[0].highlight.wires).toEqual([]);
  d = pointAt({ ...d, current: -1 }, { kind: 'box', id: 'y', name: 'y' });
  expect(d.steps).toHaveLength(2);
});

test('reordering and deleting keep the chosen step with its step', () => {
  let d = addStep(addStep(addStep(emptyDraft(), { title: 'a' }), { title: 'b' }), { title: 'c' });
  d = { ...d, current: 0 };
  d = moveStep(d, 0, 1);
  expect(d.steps.map((s) => s.title)).toEqual(['b', 'a', 'c']);
  expect(d.current).toBe(1);
  expect(moveStep(d, 0, -1)).toBe(d);
  d = removeStep(d, 0);
  expect(d.steps.map((s) => s.title)).toEqual(['a', 'c']);
  expect(d.current).toBe(0);
});

test('the file names an unchanged example, leaves out the wires a step asks to draw, and reads back', () => {
  const doc = loadExample('xor');
  expect(exampleOf(doc)).toBe('xor');
  const wire = doc.wires[0];
  let d = addStep({ ...emptyDraft(), title: 'My XOR lesson!', summary: 'Draw one wire.' }, { text: 'Draw it.' });
  d = setWait(d, 0, {
    kind: 'wire',
    from: `${wire.from.box}.${wire.from.port}`,
    to: `${wire.to.box}.${wire.to.port}`,
  });
  const byName = lessonFileOf(d, doc, 'xor');
  expect(byName).toMatchObject({ id: 'my-xor-lesson', start: { example: 'xor', withoutWires: [wire.id] } });
  const inline = lessonFileOf(d, doc, null);
  const r = parseLesson(JSON.parse(JSON.stringify(inline)));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  expect(r.ready.doc.wires.some((w) => w.id === wire.id)).toBe(false);
  expect(parseLesson(byName).ok).toBe(true);
  expect(exampleOf({ ...doc, name: 'mine' })).toBeNull();
});

test('an unfinished draft is refused with the path of what is missing', () => {
  const r = parseLesson(lessonFileOf(addStep(emptyDraft()), loadExample('xor'), 'xor'));
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.errors.map((e) => e.path)).toEqual(['title', 'summary', 'steps[0].text']);
});
