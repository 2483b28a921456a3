/**
 * The product of two activations that attention needs (docs/generators.md, "batchMatmul"):
 * C = op(A)·op(B) over the last two feature axes, once per index of the leading axes (the batch
 * and any heads), with QKᵀ as transB and AV as no transpose. Unlike linear, neither operand is
 * a parameter: both carry data. Its reverse is two such products (productReverse), so
 * R[R[batchMatmul]] exists, as for matmul.
 */
import type { Config } from '../diagram';
import { sameShape } from '../shape';
import type { WireType } from '../wire';
import { defineGenerator } from './define';
import { productReverse } from './helpers';
import { check, checkField } from './types';

const flag = (c: Config, key: string) => c[key] as boolean;

/** The two axes a product reads of t, transposed or not: [rows, cols]. */
function matrixOf(t: WireType, trans: boolean): [number, number] {
  const r = t.shape.length;
  return trans ? [t.shape[r - 1], t.shape[r - 2]] : [t.shape[r - 2], t.shape[r - 1]];
}

export const batchMatmul = defineGenerator({
  id: 'batchMatmul',
  doc: {
    forward:
      'C[…, i, j] = Σ_p op(A)[…, i, p]·op(B)[…, p, j] over the last two feature axes, for every index … of the leading axes (and the batch); op(M) swaps M’s last two axes when transA (transB) is set',
    reverse:
      'with d the change of C: A′ = d·op(B)ᵀ, B′ = op(A)ᵀ·d, per leading index, each transposed back when its operand was transposed',
    example: {
      config: { transB: true },
      inputs: [
        { field: 'real', shape: [2, 3], batch: true },
        { field: 'real', shape: [2, 3], batch: true },
      ],
    },
  },
  family: 'linear',
  description: 'Product of two activations over their last two axes, once per leading index: QKᵀ and AV.',
  symbol: '@ᵇ',
  configFields: [
    { key: 'transA', label: 'transpose A', kind: 'boolean', default: false },
    { key: 'transB', label: 'transpose B', kind: 'boolean', default: false },
  ],
  inputs: ['A', 'B'],
  outputs: ['C'],
  type(c, [a, b]) {
    for (const [port, t] of [
      ['A', a],
      ['B', b],
    ] as const) {
      checkField('batchMatmul', port, t, 'real');
      check('batchMatmul', port, t, t.shape.length >= 2, 'a real wire with at least two feature axes (ℝ^{…×n×m})');
    }
    const lead = a.shape.slice(0, -2);
    const same = b.batch === a.batch && b.shape.length === a.shape.length && sameShape(b.shape.slice(0, -2), lead);
    const want = `a wire of shape [${[...lead, 'k', 'm'].join(',')}]${a.batch ? '' : 'ᵖ'}: A’s leading axes`;
    check('batchMatmul', 'B', b, same, want);
    const [n, k1] = matrixOf(a, flag(c, 'transA'));
    const [k2, m] = matrixOf(b, flag(c, 'transB'));
    check(
      'batchMatmul',
      'B',
      b,
      k1 === k2,
      `a wire whose ${flag(c, 'transB') ? 'last' : 'second-to-last'} axis has ${k1} values (A’s shared axis)`,
    );
    return [{ field: 'real', shape: [...lead, n, m], batch: a.batch }];
  },
  forward: (k, c, ins) => [k.batchMatmul(ins[0], ins[1], flag(c, 'transA'), flag(c, 'transB'))],
  reverse(bld, [a, b], [d], c) {
    return productReverse(flag(c, 'transA'), flag(c, 'transB'), a, b, d).map(([p, q, transA, transB]) =>
      bld.op('batchMatmul', [p, q], { transA, transB }),
    );
  },
});
