/**
 * One source per optimiser: the textbook lines written beside each lens say what its get and
 * put compute. On random inputs, every line that names an output (p̃, p⁺, a state's next value)
 * equals that output of the lens's own update diagram, run in float64; and no line prints the
 * diagram's machine forms (exp, log) that the textbook does not write.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packedOf } from '../../core/views';
import { param } from '../../core/wire';
import { fcSeed } from '../../testing/seed';
import { evaluateAt } from '../explain/numbers';
import { explainOptimiser, inputLookup } from '../explain/optimiser';
import { updateDiagram } from '../optimiserWiring';
import { getOptimiser, HYPERS, OPTIMISER_KINDS } from './index';
import { evaluateLines } from './textbook';

const seed = fcSeed();

/** p, each state, each hyper-parameter (in its allowed range), p′; a step count is a whole number. */
function inputs(kind: (typeof OPTIMISER_KINDS)[number]) {
  const o = getOptimiser(kind);
  const real = fc.double({ min: -2, max: 2, noNaN: true });
  // a sum of squares (AdaGrad's g, Adam's v) is never negative
  const squares = new Set(['accumulator', 'v']);
  const state = o.state.map((s) =>
    s.shared
      ? fc.integer({ min: 0, max: 50 })
      : squares.has(s.name)
        ? fc.double({ min: 0, max: 2, noNaN: true })
        : real,
  );
  const hypers = o.hypers.map((h) => {
    const spec = HYPERS[h];
    return fc.double({ min: Math.max(spec.min, 1e-8), max: Math.min(spec.max ?? 1, 0.999), noNaN: true });
  });
  return fc.tuple(real, ...state, ...hypers, real);
}

describe('the textbook lines beside each optimiser lens', () => {
  for (const kind of OPTIMISER_KINDS) {
    it(`${kind}: say what its get and put compute (mutant: a line written unlike the wiring)`, () => {
      const o = getOptimiser(kind);
      const d = updateDiagram(o, param([]));
      const outs = packedOf(d).outputs;
      const outputOf = (out: NonNullable<(typeof o.textbook)[number]['out']>) =>
        out === 'get' ? 0 : out === 'p' ? 1 : 2 + o.state.findIndex((s) => s.name === out.state);
      fc.assert(
        fc.property(inputs(kind), (values) => {
          const run = evaluateAt(d, { inputs: values.map((v) => [v]) });
          const lines = evaluateLines(o.textbook, inputLookup(kind, values));
          for (const l of o.textbook) {
            if (!l.out) continue;
            const lens = run.values[outs[outputOf(l.out)]][0];
            const shown = lines.get(l.name) as number;
            expect(Math.abs(shown - lens), `${l.name} at ${values}`).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(lens)));
          }
        }),
        { seed, numRuns: 100 },
      );
      // every output the lens makes is a line, the get only where it moves p
      const named = new Set(o.textbook.flatMap((l) => (l.out ? [outputOf(l.out)] : [])));
      for (let j = 1; j < outs.length; j++) expect(named.has(j), `${kind} output ${j}`).toBe(true);
      expect(explainOptimiser(kind).text).not.toMatch(/exp\(|log\(/);
    });
  }
});
