/**
 * The learning-rate lens α, as the caption of its step prints it: the change that starts the
 * reverse pass is −ε per example, −1 when the optimiser applies ε itself, or the loss itself
 * over ℤ₂. Only a loss of one real number per example can be capped by a constant.
 */
import { describe, expect, it } from 'vitest';
import { real, z2 } from '../core/wire';
import { formulas } from './explain/formula';
import { type Cap, capDiagram } from './learningRate';

const printed = (kind: Cap, loss = real()) => {
  const d = capDiagram(kind, loss);
  return { d, text: formulas(d, { names: ['l', 'ε'], outputNames: ['l′'] })[0].text };
};

describe('the learning-rate cap', () => {
  it('starts the reverse pass with −ε for each example', () => {
    const { d, text } = printed('learning-rate');
    expect(text).toBe('Δᵦ(−ε)');
    expect(d.wires[d.outputs[0]]).toEqual(real());
  });

  it('starts it with −1 for each example when the optimiser applies ε itself', () => {
    const { d, text } = printed('unit');
    expect(text).toBe('−1');
    expect(d.wires[d.outputs[0]], 'one per example, like the loss').toEqual(real());
  });

  it('hands the loss itself back over ℤ₂ (Reverse Derivative Ascent)', () => {
    const { d, text } = printed('identity', z2([]));
    expect(text).toBe('l');
    expect(d.outputs[0]).toBe(d.inputs[0]);
  });

  it('is named after its kind', () => {
    expect(capDiagram('unit', real()).term).toContain('α[unit]');
  });

  it('refuses a loss that is not one real number per example', () => {
    for (const kind of ['learning-rate', 'unit'] as const) {
      for (const loss of [z2([]), real([2]), real([], false)])
        expect(() => capDiagram(kind, loss), `${kind} of ${JSON.stringify(loss)}`).toThrow(
          'a real learning-rate cap needs a loss with one real number per example',
        );
    }
  });
});
