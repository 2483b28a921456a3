/** Wire types: equality looks at field, batch and shape; printing names each as the paper does. */
import { describe, expect, it } from 'vitest';
import { sameShape } from './shape';
import { param, printProduct, printType, productEquals, real, typeEquals, z2 } from './wire';

describe('wire types', () => {
  it('are equal only when field, batch and shape all agree', () => {
    expect(typeEquals(real([3]), real([3]))).toBe(true);
    expect(typeEquals(real([3]), z2([3]))).toBe(false);
    expect(typeEquals(real([3]), param([3]))).toBe(false);
    expect(typeEquals(real([3]), real([2]))).toBe(false);
    expect(typeEquals(real([3]), real([3, 1]))).toBe(false);
  });

  it('products are equal factor by factor, and a longer product is another product', () => {
    expect(productEquals([real([3]), param([2])], [real([3]), param([2])])).toBe(true);
    expect(productEquals([real([3])], [real([3]), param([2])])).toBe(false);
    expect(productEquals([real([3]), param([2])], [real([3])])).toBe(false);
    expect(productEquals([], [])).toBe(true);
  });

  it('shapes compare axis by axis, and a prefix is another shape', () => {
    expect(sameShape([2, 3], [2, 3])).toBe(true);
    expect(sameShape([2], [2, 3])).toBe(false);
    expect(sameShape([2, 3], [2])).toBe(false);
  });

  it('print as ℝ, ℤ₂, vectors, tensors and products, parameters marked ᵖ', () => {
    expect(printType(real([]))).toBe('ℝ');
    expect(printType(param([], 'z2'))).toBe('ℤ₂ᵖ');
    expect(printType(z2([8]))).toBe('ℤ₂^8');
    expect(printType(param([4]))).toBe('ℝ^4ᵖ');
    expect(printType(real([28, 28]))).toBe('ℝ^{28×28}');
    expect(printProduct([])).toBe('I');
    expect(printProduct([real([4]), z2([3])])).toBe('ℝ^4 ⊗ ℤ₂^3');
  });
});
