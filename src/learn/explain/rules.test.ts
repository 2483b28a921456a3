/**
 * The reverse rules a student reads, word for word: each row is the rule of a generator's first
 * sample as the Explain panel prints it — its head, one formula per input with the brackets the
 * notation needs and no more, the shape read off the drawing and the sentence said of it. The
 * rows are chosen to reach each way a box prints (infix, prefix, postfix, `c·`, a call, a call's
 * k-th output, a constant) and each shape.
 */
import { describe, expect, it } from 'vitest';
import { real } from '../../core/wire';
import { samples } from '../../testing/samples';
import { explainRule, type RuleShape } from './rule';

const rule = (id: string) => {
  const s = samples[id][0];
  return explainRule(id, s.config, s.inputs);
};

const ROWS: readonly [string, string, RuleShape, string][] = [
  ['copy', 'R[Δ[3]](x, (d₀, d₁, d₂)) = d₀ + d₁ + d₂', 'sum', 'the three changes are summed'],
  ['discard', 'R[discard](x, ()) = 0', 'zero', 'no change flows back: R is zero'],
  ['zero', 'R[zero]((), d) = ()', 'none', 'it has no inputs: no change flows back'],
  ['constant', 'R[const[2.5]]((), d) = ()', 'none', 'it has no inputs: no change flows back'],
  ['add', 'R[add]((a, b), d) = (d, d)', 'pass', 'the change is passed to each input'],
  [
    'subtract',
    'R[subtract]((a, b), d) = (d, −d)',
    'linear',
    'the change goes back through a linear map, whatever x is',
  ],
  ['multiply', 'R[multiply]((a, b), d) = (d·b, d·a)', 'product', 'each side receives the change times the other'],
  ['negate', 'R[negate](x, d) = −d', 'linear', 'the change goes back through a linear map, whatever x is'],
  ['scale', 'R[scale[-1.5]](x, d) = −1.5·d', 'linear', 'the change goes back through a linear map, whatever x is'],
  ['sumBatch', 'R[Σᵦ](x, d) = Δᵦ(d)', 'linear', 'the change goes back through a linear map, whatever x is'],
  [
    'linearT',
    'R[linearT[3→2]]((W, d), e) = (outer[3→2](e, d), linear[3→2](W, e))',
    'product',
    'each side receives the change times the other',
  ],
  ['sigmoid', 'R[σ](x, d) = d·(σ(x) − σ(x)²)', 'scaled', 'the change is multiplied by the slope σ(x) − σ(x)²'],
  ['relu', 'R[relu](x, d) = d·step(x)', 'scaled', 'the change is multiplied by the slope step(x)'],
  ['log', 'R[log](x, d) = d·(1/x)', 'scaled', 'the change is multiplied by the slope 1/x'],
  [
    'tanh',
    'R[tanh](x, d) = d − d·tanh(x)²',
    'general',
    'each input’s change is computed from the inputs and the change',
  ],
  ['square', 'R[square](x, d) = 2·(d·x)', 'general', 'each input’s change is computed from the inputs and the change'],
  [
    'reciprocal',
    'R[reciprocal](x, d) = −(d·(1/x)²)',
    'general',
    'each input’s change is computed from the inputs and the change',
  ],
  [
    'sqrt',
    'R[sqrt](x, d) = 0.5·(d·(1/sqrt(x)))',
    'general',
    'each input’s change is computed from the inputs and the change',
  ],
  ['step', 'R[step](x, d) = 0', 'zero', 'no change flows back: R is zero'],
  [
    'concat',
    'R[concat[3]]((x0, x1, x2), d) = (split[1×2×2](d)₀, split[1×2×2](d)₁, split[1×2×2](d)₂)',
    'linear',
    'the change goes back through a linear map, whatever x is',
  ],
  ['split', 'R[split[1×3]](x, (d₀, d₁)) = d₀⧺d₁', 'sum', 'the two changes are combined by ⧺'],
  [
    'softmax',
    'R[softmax](x, d) = softmax(x)·(d − broadcast[4, 0](sumFeatures[0](d·softmax(x))))',
    'general',
    'each input’s change is computed from the inputs and the change',
  ],
  ['xor', 'R[xor]((a, b), d) = (d, d)', 'pass', 'the change is passed to each input'],
  ['and', 'R[and]((a, b), d) = (d∧b, d∧a)', 'product', 'each side receives the change times the other'],
  ['not', 'R[not](x, d) = d', 'pass', 'the change passes back unchanged'],
];

describe('the reverse rule of a generator, as a student reads it', () => {
  for (const [id, text, shape, sentence] of ROWS) {
    it(`${id}: ${text}`, () => {
      const r = rule(id);
      expect(r.text).toBe(text);
      expect(r.shape).toBe(shape);
      expect(r.sentence).toBe(sentence);
      expect(text.startsWith(`${r.head} = `), 'the text is the head, then the formulas').toBe(true);
    });
  }

  it('counts the changes a sum adds in words, and in figures past six', () => {
    expect(explainRule('copy', { n: 2 }, [real([2])]).sentence).toBe('the two changes are summed');
    expect(explainRule('copy', { n: 6 }, [real([2])]).sentence).toBe('the six changes are summed');
    expect(explainRule('copy', { n: 7 }, [real([2])]).sentence).toBe('the 7 changes are summed');
  });

  it('names the operator a sum adds its changes with, and only for a sum', () => {
    expect(rule('copy').sumSymbol).toBe('+');
    expect(rule('split').sumSymbol).toBe('⧺');
    expect('sumSymbol' in rule('add')).toBe(false);
  });

  it('names its inputs and changes, the changes after the ports (e where a port is called d)', () => {
    expect(rule('multiply').names).toEqual(['a', 'b', 'd']);
    expect(rule('copy').names).toEqual(['x', 'd₀', 'd₁', 'd₂']);
    expect(rule('linearT').names).toEqual(['W', 'd', 'e']);
    expect(rule('multiply').formulas.map((f) => f.name)).toEqual(['a′', 'b′']);
  });

  it('prints R[g] as the core prints a term', () => {
    expect(rule('add').term, 'the change is handed on: R[add] is an identity').toBe('R[add] = id');
    expect(rule('copy').term).toBe('R[Δ[3]] = + ; +');
    expect(rule('discard').term).toBe('R[discard] = 0');
  });
});
