/**
 * The weights a model needs, picked out of a file's by name and checked against the shapes the
 * compiled diagram gives them. A refusal names the weight and, where the file has it, its
 * manifest entry, so the user can find it.
 */
import type { NamedArray } from './modelSchema';
import type { WeightIssue } from './modelWeights';

export interface WantedWeight {
  readonly name: string;
  readonly shape: readonly number[];
  readonly group: NamedArray['group'];
}

export type MatchResult = { ok: true; arrays: Float32Array[] } | { ok: false; errors: WeightIssue[] };

const showShape = (s: readonly number[]) => `[${s.join(', ')}]`;

export function matchWeights(weights: readonly NamedArray[], wanted: readonly WantedWeight[]): MatchResult {
  const index = new Map<string, number>();
  weights.forEach((w, i) => {
    index.set(`${w.group}:${w.name}`, i);
  });
  const errors: WeightIssue[] = [];
  const arrays = wanted.map((want) => {
    const i = index.get(`${want.group}:${want.name}`);
    if (i === undefined) {
      errors.push({
        path: 'weightsManifest',
        message: `no ${want.group} weight named '${want.name}' (the diagram needs it, shape ${showShape(want.shape)})`,
      });
      return new Float32Array(0);
    }
    const w = weights[i];
    if (w.shape.join() !== want.shape.join()) {
      errors.push({
        path: `weightsManifest[${i}].shape`,
        message: `weight '${w.name}' is ${showShape(w.shape)} in the file but the diagram makes it ${showShape(want.shape)}`,
      });
    }
    return w.data;
  });
  const used = new Set(wanted.map((w) => `${w.group}:${w.name}`));
  weights.forEach((w, i) => {
    if (!used.has(`${w.group}:${w.name}`)) {
      errors.push({ path: `weightsManifest[${i}]`, message: `weight '${w.name}' belongs to nothing in the diagram` });
    }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, arrays };
}
