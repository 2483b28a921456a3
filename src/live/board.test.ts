import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { bestRun, CURVE_POINTS, changed, type Report, readRow, STUDENT_MAP, shownName, writeReport } from './board';

const report = (step: number, loss: number | null, phase = 'running'): Report => ({
  phase,
  step,
  epoch: Math.floor(step / 10),
  loss,
  accuracy: null,
  learningRate: 0.1,
});

describe('a student’s reports', () => {
  it('become a row with a curve, and a new run starts a new curve', () => {
    const doc = new Y.Doc();
    doc.getMap(STUDENT_MAP).set('name', 'Ada');
    for (let s = 1; s <= 5; s++) writeReport(doc, report(s, 1 / s));
    const row = readRow('a', doc);
    expect(row).toMatchObject({ name: 'Ada', step: 5, loss: 0.2, learningRate: 0.1 });
    expect(row.curve.map(([s]) => s)).toEqual([1, 2, 3, 4, 5]);
    writeReport(doc, report(1, 0.9));
    expect(readRow('a', doc).curve).toEqual([[1, 0.9]]);
  });

  it('keep a bounded curve whose first and last points stay', () => {
    const doc = new Y.Doc();
    for (let s = 1; s <= 3 * CURVE_POINTS; s++) writeReport(doc, report(s, 1 / s));
    const { curve } = readRow('a', doc);
    expect(curve.length).toBeLessThanOrEqual(CURVE_POINTS);
    expect(curve[0][0]).toBe(1);
    expect(curve.at(-1)?.[0]).toBe(3 * CURVE_POINTS);
    expect(curve.every(([s], i) => i === 0 || s > curve[i - 1][0])).toBe(true);
  });

  it('are read defensively: what a page wrote wrong reads as nothing', () => {
    const doc = new Y.Doc();
    const m = doc.getMap(STUDENT_MAP);
    m.set('name', 42);
    m.set('loss', 'low');
    m.set('step', Number.NaN);
    doc.getArray('curve').push([[1, 'x'], 'y', [2, 0.5]]);
    expect(readRow('b', doc)).toMatchObject({ name: '', loss: null, step: 0, curve: [[2, 0.5]] });
  });

  it('are only written when something changed', () => {
    expect(changed(null, report(1, 1))).toBe(true);
    expect(changed(report(1, 1), report(1, 1))).toBe(false);
    expect(changed(report(1, 1), report(1, 1, 'paused'))).toBe(true);
  });
});

describe('the board', () => {
  it('marks the lowest loss as the best run, and names students as the teacher chooses', () => {
    const rows = [
      { ...report(3, 0.5), id: 'a', name: 'Ada', curve: [] },
      { ...report(3, null), id: 'b', name: 'Bo', curve: [] },
      { ...report(3, 0.2), id: 'c', name: '', curve: [] },
    ];
    expect(bestRun(rows)).toBe('c');
    expect(bestRun([])).toBeNull();
    expect(shownName(rows[0], 0, true)).toBe('Ada');
    expect(shownName(rows[0], 0, false)).toBe('Student 1');
    expect(shownName(rows[2], 2, true)).toBe('Student 3');
  });
});
