import { expect, test } from 'vitest';
import { parseLesson } from '../io/lesson';
import lens from './lessons/lens.json';

const copy = (): typeof lens => structuredClone(lens);

test('a shipped lesson reads, and opens its example without the wires it leaves to draw', () => {
  const r = parseLesson(lens);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  expect(r.ready.doc.wires.some((w) => w.id === 'w3')).toBe(false);
  expect(r.ready.lesson.steps.length).toBe(lens.steps.length);
});

test('a schema error names its JSON path', () => {
  const bad = copy() as unknown as { steps: { text: unknown }[] };
  bad.steps[1].text = 42;
  const r = parseLesson(bad);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.errors.map((e) => e.path)).toEqual(['steps[1].text']);
});

test('a box, wire or port the diagram lacks is named by path, with what the diagram has', () => {
  const bad = copy();
  bad.steps[0].highlight = { boxes: ['nope'] } as (typeof bad.steps)[0]['highlight'];
  (bad.steps[1] as { wait: { to: string } }).wait.to = 'bias1.z';
  bad.start.withoutWires = ['w99'];
  const r = parseLesson(bad);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.errors).toEqual([
    { path: 'start.withoutWires[0]', message: "the example 'plane-regression' has no wire 'w99'" },
    { path: 'steps[0].highlight.boxes[0]', message: "the diagram has no box 'nope'" },
    { path: 'steps[1].wait.to', message: "the box 'bias1' has no port 'z' (it has b, x, y)" },
  ]);
});

test('an unknown example and a broken inline document are named under start', () => {
  const unknown = parseLesson({ ...copy(), start: { example: 'nope' } });
  expect(unknown.ok || unknown.errors[0].path).toBe('start.example');
  const inline = parseLesson({ ...copy(), start: { document: { format: 'lensboard-document', version: 1 } } });
  expect(inline.ok).toBe(false);
  if (!inline.ok) expect(inline.errors.every((e) => e.path.startsWith('start.document'))).toBe(true);
});

test('a port is written box.port', () => {
  const bad = copy();
  bad.steps[1].highlight = { ports: ['lin1'] } as (typeof bad.steps)[1]['highlight'];
  const r = parseLesson(bad);
  expect(r.ok || r.errors[0]).toEqual({
    path: 'steps[1].highlight.ports[0]',
    message: 'a port is written box.port, like lin1.x',
  });
});
