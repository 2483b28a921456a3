import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsvBinding } from '../data/csvBinding';
import { fcSeed } from '../testing/seed';
import {
  checkPoints,
  MAX_POINTS,
  type Point,
  poolBinding,
  pooledDataset,
  poolPoints,
  poolProblem,
  readPool,
  writePool,
} from './pool';
import { PLANE } from './poolShape';

const seed = fcSeed();
// −0 is written as 0 in JSON: the room carries 0.
const coordinate = fc.double({ min: -1, max: 1, noNaN: true }).map((v) => v + 0);
const point = fc.tuple(coordinate, coordinate, fc.constantFrom(0, 1));

describe('pooling the class’s points', () => {
  it('keeps every good point, in order, and the pool reads back the same on a student’s page', () => {
    fc.assert(
      fc.property(fc.array(fc.array(point, { maxLength: MAX_POINTS }), { maxLength: 6 }), (students) => {
        const { points, problems } = poolPoints(
          students.map((raw, i) => ({ who: `Student ${i + 1}`, raw })),
          PLANE,
        );
        expect(problems).toEqual([]);
        expect(points).toEqual(students.flat());
        expect(readPool(JSON.parse(JSON.stringify(writePool(points, PLANE))))).toEqual({ points, shape: PLANE });
      }),
      { seed, numRuns: 50 },
    );
  });

  it('refuses bad points, naming the student, the point and what is wrong', () => {
    const raw = [[0.5, 0.5, 0], [Number.NaN, 0, 1], [0, 2, 0], [0, 0, 2], 'x', [0, 0], [-1, 1, 1]];
    const { points, problems } = checkPoints(raw, 'Ada', PLANE);
    expect(points).toEqual([
      [0.5, 0.5, 0],
      [-1, 1, 1],
    ]);
    expect(problems).toEqual([
      'Ada’s point 2 has x1 = NaN, not a number in -1…1',
      'Ada’s point 3 has x2 = 2, not a number in -1…1',
      'Ada’s point 4 has class 2, not one of 0 (A), 1 (B)',
      'Ada’s point 5 is not [x1, x2, class]',
      'Ada’s point 6 is not [x1, x2, class]',
    ]);
    expect(checkPoints({ 0: 1 }, 'Bo', PLANE).problems).toEqual(['Bo’s points are not a list']);
    expect(checkPoints(undefined, 'Bo', PLANE)).toEqual({ points: [], problems: [] });
  });

  it('takes at most MAX_POINTS a student and says how many it left out', () => {
    const raw = Array.from({ length: MAX_POINTS + 5 }, (_, i): Point => [0, 0, i % 2]);
    const { points, problems } = checkPoints(raw, 'Ada', PLANE);
    expect(points).toHaveLength(MAX_POINTS);
    expect(problems).toEqual([`Ada added ${MAX_POINTS + 5} points; the first ${MAX_POINTS} are taken, 5 left out`]);
  });

  it('needs a point of each class', () => {
    expect(poolProblem([], PLANE)).toContain('no student has added a point');
    expect(poolProblem([[0, 0, 0]], PLANE)).toContain('class B');
    expect(poolProblem([[0, 0, 1]], PLANE)).toContain('class A');
    expect(
      poolProblem(
        [
          [0, 0, 1],
          [0, 0, 0],
        ],
        PLANE,
      ),
    ).toBeNull();
  });

  it('a student’s page refuses a pool that is damaged or does not match its key', () => {
    const good = writePool(
      [
        [0, 0, 1],
        [0.5, -0.5, 0],
      ],
      PLANE,
    );
    expect(readPool(null)).toContain('not an object');
    expect(readPool({ ...good, points: [1, 2] })).toContain('not a list');
    expect(readPool({ ...good, shape: { ...PLANE, min: [1, 1] } })).toContain('ranges');
    expect(readPool({ ...good, points: [0, 0, 1, 0.5, -0.5, 1] })).toContain('does not match its key');
    expect(readPool({ ...good, points: [0, 0, 1, 9, -0.5, 0] })).toContain('pooled point 2 has x1 = 9');
  });

  it('becomes a two-class dataset with a binding the document schema accepts', () => {
    const points: Point[] = [
      [0, 0, 1],
      [0.5, -0.5, 0],
      [1, 1, 1],
    ];
    const ds = pooledDataset(points, PLANE);
    expect(ds.n).toBe(3);
    expect(Array.from(ds.features)).toEqual([0, 0, 0.5, -0.5, 1, 1]);
    expect(Array.from(ds.labels)).toEqual([0, 1, 1, 0, 0, 1]);
    const binding = poolBinding(points, PLANE);
    expect(readCsvBinding({ ...binding })).toMatchObject({ rows: 3, classes: ['A', 'B'] });
  });
});
