/**
 * The step's source map on every example learner (drawn in full, and with its loss, learning
 * rate and optimiser left to the settings) and on 200 random drawn learners with fan-out,
 * explicit copies, groups (nested, one exposed input feeding two ports) and dead code: every
 * drawn wire has exactly one forward buffer (none when dead code), every backward buffer names
 * a wire, a parameter or a box, every change named is the loss's slope along it, and the loss,
 * α and optimiser steps carry the drawn ids or 'training settings'. The checks, each naming the
 * mutant it catches, are in testing/sourceMapChecks.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../core/init';
import type { LensDocument } from '../io/document';
import { examples, loadExample } from '../io/examples';
import { randomLearnerDocument } from '../testing/randomDocuments';
import { fcSeed } from '../testing/seed';
import { checkChanges, checkIds, checkSerialisable, checkValues, learnerOf } from '../testing/sourceMapChecks';

const LEARNER_KINDS = new Set(['loss', 'learning-rate', 'optimiser']);

/** The same learner with its loss, α and optimiser boxes taken off: they come from doc.training. */
function settingsOnly(doc: LensDocument): LensDocument {
  const gone = new Set(doc.boxes.filter((b) => LEARNER_KINDS.has(b.generator)).map((b) => b.id));
  return {
    ...doc,
    boxes: doc.boxes.filter((b) => !gone.has(b.id)),
    wires: doc.wires.filter((w) => !gone.has(w.from.box) && !gone.has(w.to.box)),
  };
}

describe('source map of the examples', () => {
  for (const { id } of examples) {
    it(`${id}: drawn learner`, () => {
      const c = learnerOf(loadExample(id));
      checkIds(c);
      checkValues(c);
      checkSerialisable(c);
      expect(c.learner.sourceMap.learner).toEqual({ loss: 'loss', 'learning-rate': 'alpha', optimiser: 'opt' });
    });

    it(`${id}: learner from the settings`, () => {
      const c = learnerOf(settingsOnly(loadExample(id)));
      checkIds(c);
      checkValues(c);
      expect(new Set(Object.values(c.learner.sourceMap.learner))).toEqual(new Set(['training settings']));
    });
  }

  // the MNIST ones run their changes on a 784-wide input: the small ones carry the numeric check
  for (const id of ['xor', 'iris-simple', 'iris-hidden']) {
    it(`${id}: every change named is the loss's slope along it`, () => {
      checkChanges(learnerOf(loadExample(id)), 7);
      checkChanges(learnerOf(settingsOnly(loadExample(id))), 8);
    });
  }
});

describe('source map of random drawn learners', () => {
  const seed = fcSeed();
  it(`names every wire, change and learner box (fast-check seed ${seed})`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const c = learnerOf(randomLearnerDocument(mulberry32(s)));
        checkIds(c);
        checkValues(c);
        checkChanges(c, s);
        checkSerialisable(c);
      }),
      { seed, numRuns: 200 },
    );
  });
});
