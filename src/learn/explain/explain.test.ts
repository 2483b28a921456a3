/**
 * Captions come from the generators' and optimisers' own diagrams: every registered generator
 * yields a rule text of its own, the copy/add/multiply/sigmoid ones read as the paper writes
 * them, and the numbers a caption shows are the trace's — a float64 run of the step Program.
 */
import { describe, expect, it } from 'vitest';
import { allGenerators } from '../../core/generators/index';
import { typeSize } from '../../core/shape';
import { real } from '../../core/wire';
import type { LensDocument } from '../../io/document';
import { loadExample } from '../../io/examples';
import { samples } from '../../testing/samples';
import { learnerOf, oracle } from '../../testing/sourceMapChecks';
import { optimisers } from '../optimisers/index';
import { fillRule, ruleCaption } from './caption';
import { printNumber } from './notation';
import { explainOptimiser, fillUpdate, updateCaption } from './optimiser';
import { explainRule } from './rule';
import { exampleOf, explainStep } from './step';

describe('the rule of every generator', () => {
  it('is a non-empty text of its own, one formula per input (mutant: a rule printed from another generator)', () => {
    const texts = new Map<string, string>();
    for (const g of allGenerators()) {
      for (const s of samples[g.id] ?? []) {
        const r = explainRule(g.id, s.config, s.inputs);
        expect(r.text.startsWith('R['), g.id).toBe(true);
        expect(r.formulas).toHaveLength(s.inputs.length);
        for (const f of r.formulas) expect(f.text.length, `${g.id}: ${f.name}`).toBeGreaterThan(0);
        expect(r.sentence.length).toBeGreaterThan(0);
      }
      const first = samples[g.id]?.[0];
      expect(first, `${g.id} has a sample`).toBeDefined();
      if (first) texts.set(g.id, explainRule(g.id, first.config, first.inputs).text);
    }
    const seen = new Map<string, string>();
    for (const [id, text] of texts) {
      expect(seen.get(text), `${id} and ${seen.get(text)} print the same rule`).toBeUndefined();
      seen.set(text, id);
    }
  });

  it('reads as the paper writes copy, add, multiply and σ (mutant: the shape read off the wrong output)', () => {
    const s = real([]);
    const copy = explainRule('copy', { n: 2 }, [s]);
    expect(copy.text).toBe('R[Δ](x, (d₀, d₁)) = d₀ + d₁');
    expect(ruleCaption(copy, { inputs: [[1]], changes: [[0.12], [-0.4]] })).toBe(
      'R[Δ](x, (d₀, d₁)) = d₀ + d₁: the two changes are summed (0.12 + −0.40 = −0.28).',
    );
    const add = explainRule('add', {}, [s, s]);
    expect(ruleCaption(add, { inputs: [[1], [2]], changes: [[0.3]] })).toBe(
      'R[add]((a, b), d) = (d, d): the change is passed to each input (d = 0.30).',
    );
    const multiply = explainRule('multiply', {}, [s, s]);
    expect(ruleCaption(multiply, { inputs: [[2], [1.5]], changes: [[0.3]] })).toBe(
      'R[multiply]((a, b), d) = (d·b, d·a): each side receives the change times the other (a′ = 0.30·1.50 = 0.45, b′ = 0.30·2.00 = 0.60).',
    );
    const sigmoid = explainRule('sigmoid', {}, [real([3])]);
    expect(sigmoid.text).toBe('R[σ](x, d) = d·(σ(x) − σ(x)²)');
    const σ = 1 / (1 + Math.exp(-0.5));
    expect(ruleCaption(sigmoid, { inputs: [[0.5, 1, 2]], changes: [[0.3, 0.1, 0.2]] })).toBe(
      `R[σ](x, d) = d·(σ(x) − σ(x)²): the change is multiplied by the slope σ(x) − σ(x)² (0.30·(0.62 − 0.62²) = ${printNumber(0.3 * σ * (1 - σ))}).`,
    );
  });
});

describe('a number in a caption', () => {
  it('prints a hyper-parameter read from a float32 trace whole (mutant: β₂ = 0.999 shown as 1.00)', () => {
    expect(printNumber(Math.fround(0.999))).toBe('0.999');
    expect(printNumber(Math.fround(0.9))).toBe('0.90');
    expect(printNumber(0.999)).toBe('0.999');
    expect(printNumber(-Math.fround(0.25))).toBe('−0.25');
    expect(printNumber(1e-7)).toBe('1.0e−7');
  });
});

describe('the optimisers', () => {
  it('print their update as the textbook writes it, from their own lens (mutant: the get printed in place of the put)', () => {
    const texts = Object.keys(optimisers).map((k) => explainOptimiser(k as keyof typeof optimisers).text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(explainOptimiser('gd').text).toBe('gradient descent: p⁺ = p + p′');
    expect(explainOptimiser('gd', true).text).toBe('gradient descent: p⁺ = p ⊕ p′');
    expect(explainOptimiser('momentum').text).toBe('momentum: s⁺ = γs + p′; p⁺ = p + s⁺');
    expect(explainOptimiser('nesterov').text).toBe('Nesterov: p̃ = p + γs; s⁺ = γs + p′; p⁺ = p + s⁺');
    expect(explainOptimiser('adagrad').text).toBe('AdaGrad: g⁺ = g + p′²; p⁺ = p + ε·p′/(δ + √g⁺)');
    expect(explainOptimiser('adam').text).toBe(
      'Adam: t⁺ = t + 1; m⁺ = β₁m + (1 − β₁)p′; v⁺ = β₂v + (1 − β₂)p′²; m̂ = m⁺/(1 − β₁ᵗ⁺); v̂ = v⁺/(1 − β₂ᵗ⁺); p⁺ = p + ε·m̂/(δ + √v̂)',
    );
    expect(updateCaption('momentum', [0.5, 0.1, 0.01, 0.9, -0.03])).toBe(
      'momentum: s⁺ = γs + p′ = 0.90·0.10 + −0.03 = 0.090 + −0.030 = 0.060; p⁺ = p + s⁺ = 0.50 + 0.06 = 0.56',
    );
    expect(updateCaption('adam', [0.5, 0, 0, 0, 0.01, 0.9, 0.999, 1e-7, -0.03])).toContain(
      'm̂ = m⁺/(1 − β₁ᵗ⁺) = (−0.0030)/(1 − 0.90¹) = −0.03',
    );
  });
});

const rule = (e: ReturnType<typeof explainStep>) => e.rule as NonNullable<typeof e.rule>;

/** iris-simple with its optimiser box set to another kind. */
function withOptimiser(kind: string): LensDocument {
  const doc = loadExample('iris-simple');
  const boxes = doc.boxes.map((b) => (b.generator === 'optimiser' ? { ...b, config: { ...b.config, kind } } : b));
  return { ...doc, boxes };
}

describe('captions read the trace', () => {
  for (const id of ['xor', 'iris-hidden']) {
    it(`${id}: every reverse rule's numbers are the trace's changes (mutant: numbers from a second model run)`, () => {
      const c = learnerOf(loadExample(id));
      const { run } = oracle(c, 3);
      const { learner } = c;
      const d = learner.model.diagram;
      learner.stepProgram.steps.forEach((_, k) => {
        const e = explainStep(learner, k);
        expect(e.text.length, `step ${k}`).toBeGreaterThan(0);
        const at = learner.sourceMap.steps[k];
        if (!e.rule || at.modelBox === undefined) return;
        expect(e.rule.gen, 'mutant: the rule of another box').toBe(d.boxes[at.modelBox].gen);
        const box = at.modelBox;
        const parts = [0, 1, 2].map((ex) => fillRule(rule(e), exampleOf(learner, box, run, ex)));
        d.boxes[box].inputs.forEach((w, i) => {
          const b = learner.sourceMap.model.change[w];
          if (b < 0) return;
          const t = d.wires[w];
          const n = typeSize(t);
          // a batched input's change is its example's; a weight's is the sum of the batch's parts
          for (let j = 0; j < n; j++) {
            const traced = t.batch ? run[b][n + j] : run[b][j];
            const shown = t.batch ? parts[1][i].values[j] : parts.reduce((sum, ps) => sum + ps[i].values[j], 0);
            expect(Math.abs(shown - traced), `${e.text} at ${i}.${j}`).toBeLessThan(1e-12 * (1 + Math.abs(traced)));
          }
          // and the caption prints the first value of example 1 (its own element, or its preview's first)
          if (t.batch) expect(parts[1][i].value.replace(/^\[/, '').split(',')[0]).toBe(printNumber(run[b][n]));
        });
      });
    });
  }

  for (const kind of ['momentum', 'adam']) {
    it(`${kind}: the update's numbers are the trace's new parameter (mutant: state read from another parameter)`, () => {
      const c = learnerOf(withOptimiser(kind));
      const { run } = oracle(c, 5);
      const { learner } = c;
      const sm = learner.sourceMap;
      const p = learner.stepProgram;
      const input = (pred: (r: (typeof sm.buffers)[number][number]) => boolean) =>
        p.inputs.find((b) => sm.buffers[b].some(pred)) as number;
      const name = learner.model.params[0].name;
      const w = learner.model.diagram.inputs[0];
      const o = optimisers[kind as keyof typeof optimisers];
      const state = o.state.map(
        (s) => run[input((r) => r.kind === 'state' && r.name === s.name && (s.shared || r.param === name))][0],
      );
      const hypers = o.hypers.map((h) => run[input((r) => r.kind === 'hyper' && r.name === h)][0]);
      const values = [run[p.inputs[0]][0], ...state, ...hypers, run[sm.model.change[w]][0]];
      const update = sm.buffers.findIndex((rs) => rs.some((r) => r.kind === 'update' && r.param === name));
      const filled = fillUpdate(kind as keyof typeof optimisers, values);
      const next = filled.find((f) => f.name === 'p⁺')?.value as number;
      expect(Math.abs(next - run[update][0])).toBeLessThan(1e-12 * (1 + Math.abs(next)));
    });
  }
});
