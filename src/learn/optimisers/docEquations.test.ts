/**
 * docs/model-format.md's "What a training step computes" against the optimisers that train:
 * each optimiser's ```equations block, parsed and evaluated in float32 on random parameters,
 * gradients, state and hyper-parameters, must give the real step's p⁺ (and Nesterov's
 * look-ahead) and every state's next value, on the float32 engine, to float32 rounding.
 * The gradient is chosen through testing/givenGradient.ts: with the dot loss it is the label.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DocOptimiser, parseDocEquations, parseExpr, runDocStep } from '../../testing/docEquations';
import { givenGradientLearner } from '../../testing/givenGradient';
import { fcSeed } from '../../testing/seed';
import { createRunner } from '../runners/index';
import { getOptimiser, HYPER_NAMES, type Hypers, OPTIMISER_KINDS, type OptimiserKind } from './index';

const page = readFileSync(new URL('../../../docs/model-format.md', import.meta.url), 'utf8');
const written = parseDocEquations(page);
const seed = fcSeed();
const f32 = Math.fround;
const N = 6;

const doc = (kind: OptimiserKind): DocOptimiser => {
  const o = written.find((w) => w.kind === kind);
  if (!o) throw new Error(`docs/model-format.md writes no equations for '${kind}'`);
  return o;
};

/** Within a few float32 roundings of the larger of the value and the step that made it. */
function close(got: number, want: number, before: number): boolean {
  const scale = Math.max(Math.abs(want), Math.abs(before), Math.abs(want - before), 1e-30);
  return Math.abs(got - want) <= 2 ** -19 * scale;
}

const arbFloat = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map(f32);
const arbCase = fc.record({
  p: fc.array(arbFloat(-3, 3), { minLength: N, maxLength: N }),
  g: fc.array(arbFloat(-2, 2), { minLength: N, maxLength: N }),
  s: fc.array(arbFloat(-1, 1), { minLength: N, maxLength: N }),
  square: fc.array(arbFloat(1e-4, 2), { minLength: N, maxLength: N }),
  t: fc.integer({ min: 0, max: 5000 }),
  h: fc.record({
    learningRate: arbFloat(1e-4, 0.5),
    momentum: arbFloat(0, 0.99),
    beta1: arbFloat(0.5, 0.99),
    beta2: arbFloat(0.9, 0.9999),
    epsilon: arbFloat(1e-8, 1e-3),
  }),
});

describe('the step written in docs/model-format.md is the step that trains', () => {
  it('writes every optimiser once, with the state names and initial values the file uses', () => {
    expect(written.map((o) => o.kind).sort()).toEqual([...OPTIMISER_KINDS].sort());
    for (const kind of OPTIMISER_KINDS) {
      const lens = getOptimiser(kind);
      const want = lens.state.map((s) => ({ name: s.name, init: s.init, shared: s.shared === true }));
      expect(doc(kind).state).toEqual(want);
    }
  });

  it.each([...OPTIMISER_KINDS])('%s: the equations give the real step on random state (float32)', (kind) => {
    const o = doc(kind);
    const learner = givenGradientLearner(kind, N, 1);
    const specs = learner.layout.state;
    fc.assert(
      fc.property(arbCase, ({ p, g, s, square, t, h }) => {
        // the state the real runner starts from, in the learner's layout: own state, then shared
        const own = o.state.filter((x) => !x.shared);
        const values = (name: string) => (name === 'v' || name === 'accumulator' ? square : s);
        const state = [
          ...own.map((x) => Float64Array.from(values(x.name))),
          ...(specs.length > own.length ? [Float64Array.of(t)] : []),
        ];
        const runner = createRunner('typed', learner, [Float32Array.from(p)], state);
        runner.setHypers(h as Hypers);
        const out = runner.step({ features: new Float32Array(N), labels: Float32Array.from(g), n: 1 });
        const after = runner.state();
        const [pNext] = runner.learnt();
        runner.dispose();
        for (let i = 0; i < N; i++) {
          const env = new Map<string, number>([
            ['p', p[i]],
            ['g', g[i]],
            ...HYPER_NAMES.map((n) => [n, h[n]] as [string, number]),
            ...own.map((x) => [x.name, values(x.name)[i]] as [string, number]),
            ...o.state.filter((x) => x.shared).map((x) => [x.name, t] as [string, number]),
          ]);
          const next = runDocStep(o, env);
          const wrong: string[] = [];
          const check = (name: string, got: number) => {
            const want = next.get(name) ?? Number.NaN;
            if (!close(got, want, env.get(name) ?? 0)) wrong.push(`${name}: the page gives ${want}, the step ${got}`);
          };
          check('p', pNext[i]);
          // the prediction ŷ = p̃ + x with x = 0: where the model was evaluated
          if (next.has('ahead')) check('ahead', out.predictions[i]);
          for (const [k, x] of own.entries()) check(x.name, after[k][i]);
          for (const [k, x] of o.state.filter((y) => y.shared).entries()) check(x.name, after[own.length + k][0]);
          expect(wrong, `element ${i} of ${JSON.stringify({ p, g, s, square, t, h })}`).toEqual([]);
        }
      }),
      { seed, numRuns: 40 },
    );
  });

  it('refuses an equation it cannot read, saying where', () => {
    expect(() => parseExpr('m * (1 - beta1', 'line 3')).toThrow(/line 3: a '\(' is not closed/);
    expect(() => parseDocEquations('```equations\np ← p - g\n```\n')).toThrow(/before any 'optimiser <kind>'/);
    expect(() => parseDocEquations('```equations\noptimiser gd\np = p\n```\n')).toThrow(/block 1, line 2/);
  });
});
