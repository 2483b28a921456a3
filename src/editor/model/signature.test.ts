/** Signatures as the palette prints them, found by probing each generator's own type rule. */
import { expect, it } from 'vitest';
import { getGenerator } from '../../core';
import { printSignature, signatureOf } from './signature';

const printed = (id: string) => {
  const sig = signatureOf(getGenerator(id));
  return sig && printSignature(sig);
};

it.each([
  ['add', 'ℝ^n ⊗ ℝ^n → ℝ^n'],
  ['linear', 'ℝ^in → ℝ^out, P = ℝ^{in×out}ᵖ'],
  ['and', 'ℤ₂^n ⊗ ℤ₂^n → ℤ₂^n'],
  ['parity', 'ℤ₂^n → ℤ₂'],
  ['basis', 'ℤ₂^n → ℤ₂^2ⁿ'],
])('%s: %s', (id, want) => {
  expect(printed(id)).toBe(want);
});
