/**
 * What a student's page reads of the teacher's flows and of the shared board (docs/class.md),
 * given what no honest teacher's page writes: each is refused with a sentence naming what, or
 * read as nothing, never thrown.
 */
import { describe, expect, it } from 'vitest';
import { shippedLessons } from '../classroom/lessons';
import type { BoardRow } from './board';
import { readSharedRows, rowsToShare } from './boardShare';
import { indexOf, readDataset, readLesson, readShown } from './flows';

describe('the class’s dataset', () => {
  it('reads a binding, or none', () => {
    expect(readDataset(JSON.stringify({ id: 'circles', options: { noise: 0.1 } }))).toEqual({
      ok: true,
      value: { id: 'circles', options: { noise: 0.1 } },
    });
    expect(readDataset(undefined)).toEqual({ ok: true, value: null });
  });

  it.each([
    [42, 'the class’s dataset is not text'],
    ['{', 'the class’s dataset is not JSON'],
    [JSON.stringify({ options: {} }), 'the class’s dataset at id'],
    [JSON.stringify({ id: 'x'.repeat(65) }), 'the class’s dataset at id'],
    [JSON.stringify([1]), 'the class’s dataset at its top'],
  ])('refuses %j, naming what', (v, why) => {
    const read = readDataset(v);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(why);
  });
});

describe('the class’s lesson', () => {
  it('reads a shipped lesson back from its text', () => {
    const ready = shippedLessons()[0];
    const read = readLesson(JSON.stringify(ready.lesson));
    expect(read.ok && read.value?.lesson.id).toBe(ready.lesson.id);
  });

  it.each([
    [{}, 'the class’s lesson is not text'],
    ['not json', 'the class’s lesson is not JSON'],
    [JSON.stringify({ format: 'lensboard-lesson' }), 'the class’s lesson at '],
    [JSON.stringify({ __proto__: 1, constructor: { prototype: {} } }), 'the class’s lesson at '],
  ])('refuses %j, naming where', (v, why) => {
    const read = readLesson(v);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(why);
  });
});

it('reads a step or a frame as a whole number from 0', () => {
  expect([3, -1, 2.5, '4', null, Number.NaN, 1e9].map(indexOf)).toEqual([3, 0, 0, 0, 0, 0, 0]);
});

it('reads what the teacher presents as one of the presentations, anything else as none', () => {
  expect(['animation', 'lens', 'training', 'slides', 1, null, undefined].map(readShown)).toEqual([
    'animation',
    'lens',
    'training',
    null,
    null,
    null,
    null,
  ]);
});

describe('the shared board', () => {
  const row = (name: string, loss: number | null): BoardRow => ({
    id: `id-${name}`,
    name,
    phase: 'running',
    step: 5,
    epoch: 1,
    loss,
    accuracy: 0.5,
    learningRate: 0.1,
    curve: [[5, loss ?? 1]],
  });

  it('numbers the rows and carries no id, and no name unless names are shown', () => {
    const rows = [row('Ada', 0.2), row('Bo', 0.1)];
    expect(rowsToShare(rows, false).map((r) => [r.id, r.name])).toEqual([
      ['1', ''],
      ['2', ''],
    ]);
    expect(rowsToShare(rows, true).map((r) => r.name)).toEqual(['Ada', 'Bo']);
    expect(readSharedRows(JSON.stringify(rowsToShare(rows, true)))).toEqual(rowsToShare(rows, true));
  });

  it('reads what it cannot use as nothing: not text, not JSON, not rows, bad numbers and points', () => {
    for (const v of [undefined, 3, '{', '{}', '"rows"']) expect(readSharedRows(v)).toEqual([]);
    const [r] = readSharedRows(
      JSON.stringify([
        { id: 'secret-id', name: 7, loss: 'low', step: Number.NaN, curve: [[1, 2], [3], 'x', [4, null]] },
      ]),
    );
    expect(r).toEqual({
      id: '1',
      name: '',
      phase: 'idle',
      step: 0,
      epoch: 0,
      loss: null,
      accuracy: null,
      learningRate: null,
      curve: [[1, 2]],
    });
    expect(readSharedRows(JSON.stringify([null, 1, { name: 'x'.repeat(100) }]))[0].name).toHaveLength(40);
  });
});
