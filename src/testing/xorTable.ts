/** The truth table of xor as a four-row dataset, for trainer tests that need a tiny real one. */
import { type Dataset, makeDataset } from '../data/dataset';

export const xorTable = (): Dataset =>
  makeDataset({
    name: 'xor',
    description: 'the truth table of xor',
    task: 'classification',
    featureShape: [2],
    labelShape: [1],
    labelEncoding: 'bits',
    features: Float32Array.from([0, 0, 0, 1, 1, 0, 1, 1]),
    labels: Float32Array.from([0, 1, 1, 0]),
  });

/** The first value `subscribe` reports that passes `test` (listeners as the trainer has them). */
export function when<T>(subscribe: (f: (v: T) => void) => () => void, test: (v: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const off = subscribe((v) => {
      if (!test(v)) return;
      off();
      resolve(v);
    });
  });
}
