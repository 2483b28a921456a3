/**
 * Picking a model's weights out of a file's (./modelMatch): by group and name, in the order the
 * diagram wants them, whatever the file's order; every weight missing, misshapen or left over
 * named with its manifest path, all of them in one answer.
 */
import { describe, expect, it } from 'vitest';
import { matchWeights, type WantedWeight } from './modelMatch';
import type { NamedArray } from './modelSchema';

const w = (name: string, shape: number[], group: 'model' | 'optimizer' = 'model'): NamedArray => ({
  name,
  shape,
  group,
  data: Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => i + name.length),
});
const want = (name: string, shape: number[], group: 'model' | 'optimizer' = 'model'): WantedWeight => ({
  name,
  shape,
  group,
});

describe('matchWeights', () => {
  it('hands each wanted weight its own file array, in the order wanted', () => {
    const file = [w('b', [3]), w('W', [2, 3]), w('W', [2, 3], 'optimizer')];
    const r = matchWeights(file, [want('W', [2, 3]), want('b', [3]), want('W', [2, 3], 'optimizer')]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.arrays).toHaveLength(3);
    expect(r.arrays[0]).toBe(file[1].data);
    expect(r.arrays[1]).toBe(file[0].data);
    expect(r.arrays[2]).toBe(file[2].data);
  });

  it('tells a model weight from an optimiser state of the same name', () => {
    const r = matchWeights([w('W', [2], 'optimizer')], [want('W', [2])]);
    expect(r).toEqual({
      ok: false,
      errors: [
        { path: 'weightsManifest', message: "no model weight named 'W' (the diagram needs it, shape [2])" },
        { path: 'weightsManifest[0]', message: "weight 'W' belongs to nothing in the diagram" },
      ],
    });
  });

  it('names a weight whose shape differs, at its manifest entry, with both shapes', () => {
    const r = matchWeights([w('a', [1]), w('W', [3, 2])], [want('a', [1]), want('W', [2, 3])]);
    expect(r).toEqual({
      ok: false,
      errors: [
        {
          path: 'weightsManifest[1].shape',
          message: "weight 'W' is [3, 2] in the file but the diagram makes it [2, 3]",
        },
      ],
    });
  });

  it('sees a shape of another rank with the same values as different', () => {
    const r = matchWeights([w('W', [6])], [want('W', [6, 1])]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0].message).toBe("weight 'W' is [6] in the file but the diagram makes it [6, 1]");
  });

  it('answers every fault at once: missing, misshapen and left over', () => {
    const r = matchWeights(
      [w('extra', [1]), w('W', [2]), w('b', [1], 'optimizer')],
      [want('W', [3]), want('b', [1]), want('gone', [4, 4], 'optimizer')],
    );
    expect(!r.ok && r.errors.map((e) => e.path)).toEqual([
      'weightsManifest[1].shape',
      'weightsManifest',
      'weightsManifest',
      'weightsManifest[0]',
      'weightsManifest[2]',
    ]);
    expect(!r.ok && r.errors[2].message).toBe("no optimizer weight named 'gone' (the diagram needs it, shape [4, 4])");
  });

  it('matches an empty file to a diagram that wants nothing', () => {
    expect(matchWeights([], [])).toEqual({ ok: true, arrays: [] });
  });
});
