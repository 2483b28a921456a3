/**
 * Every example trains: opened as a session (the path of the browser's worker and the CLI) on
 * the typed-array engine, its loss over the whole training set falls over a few hundred steps.
 * MNIST ones take a few steps on a slice of 64 digits. The ℤ₂ ones reach a loss of 0 on their
 * training rows where the circuit can (parity) and fall where it cannot (a lookup table on
 * Iris: rows with the same bits and different species).
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetNode } from '../../data/catalogNode';
import { subset } from '../../data/dataset';
import { openSession } from '../../learn/session';
import { examples, loadExample } from './index';

const MNIST_ROWS = 64;

/** Steps to take, and the share of the starting loss the loss must fall below. */
function plan(id: string): { steps: number; below: number } {
  if (id.startsWith('mnist')) return { steps: 12, below: 0.99 };
  if (id === 'parity-circuit') return { steps: 160, below: 0.01 };
  return { steps: 300, below: 0.97 };
}

const load = (id: string, options: Parameters<typeof loadDatasetNode>[1]) =>
  id === 'mnist'
    ? loadDatasetNode(id, options).then((ds) =>
        subset(
          ds,
          Array.from({ length: MNIST_ROWS }, (_, i) => i),
        ),
      )
    : loadDatasetNode(id, options);

describe('every example trains', () => {
  it.each(examples.map((e) => e.id))('%s: its loss falls', async (id) => {
    const { steps, below } = plan(id);
    const document = loadExample(id);
    const { trainer, dataset } = await openSession(
      { document, settings: { engine: 'typed', epochs: 1000, testFraction: 0, evaluateEachEpoch: false } },
      load,
    );
    try {
      const before = trainer.evaluate(dataset).loss;
      let taken = 0;
      trainer.onStep(() => {
        taken++;
        if (taken >= steps) trainer.stop();
      });
      await trainer.run();
      const after = trainer.evaluate(dataset).loss;
      expect(taken).toBe(steps);
      expect(Number.isFinite(before)).toBe(true);
      expect(after).toBeLessThan(before * below);
    } finally {
      trainer.dispose();
    }
  });
});
