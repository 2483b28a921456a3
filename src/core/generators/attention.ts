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

/**
 * `batchMatmul`, or the product it takes of its ports when one is transposed: `batchMatmul[A·Bᵀ]`
 * is QKᵀ in attention, `batchMatmul[Aᵀ·B]` a reverse's product.
 */
function productLabel(transA: boolean, transB: boolean): string {
  if (!transA && !transB) return 'batchMatmul';
  return `batchMatmul[A${transA ? 'ᵀ' : ''}·B${transB ? 'ᵀ' : ''}]`;
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
  termLabel: (c) => productLabel(flag(c, 'transA'), flag(c, 'transB')),
  reverse(bld, [a, b], [d], c) {
    return productReverse(flag(c, 'transA'), flag(c, 'transB'), a, b, d).map(([p, q, transA, transB]) =>
      bld.op('batchMatmul', [p, q], { transA, transB }),
    );
  },
});

const table = [
  { key: 'vocab', label: 'vocabulary', kind: 'int', min: 1, max: 1 << 20, default: 2 },
  { key: 'width', label: 'width', kind: 'int', min: 1, max: 1 << 16, default: 1 },
] as const;
const rowsOf = (c: Config) => [c.vocab as number, c.width as number] as const;

function checkIds(gen: string, ids: WireType): void {
  checkField(gen, 'ids', ids, 'real');
}

/**
 * Embedding lookup (docs/generators.md, "embedding"): y[…, :] = W[ids[…], :], the rows of the
 * parameter W at integer ids. It is one-hot(ids)·W, so its reverse in W is the scatter-add
 * embeddingBack, and the ids, being integers, get no change (the lookup is locally constant in them).
 */
export const embedding = defineGenerator({
  id: 'embedding',
  doc: {
    forward:
      'y[…, :] = W[ids[…], :]: the row of W at each id (ids are whole numbers 0…vocab−1, of any shape; the reference engine rounds one that is not to the nearest, halves up, and refuses one outside); W is [vocab, width]',
    reverse: 'W′ = embeddingBack(ids, d): each d[…, :] added at row ids[…], summed over the batch;  ids′ = 0',
    example: {
      config: { vocab: 4, width: 2 },
      inputs: [
        { field: 'real', shape: [4, 2], batch: false },
        { field: 'real', shape: [2], batch: true },
      ],
      positive: true,
    },
  },
  family: 'linear',
  description: 'Looks up rows of W at integer ids: token embeddings (one-hot × W without the one-hot).',
  symbol: 'W[·]',
  configFields: table,
  inputs: ['W', 'ids'],
  params: ['W'],
  outputs: ['y'],
  type(c, [w, ids]) {
    const [v, width] = rowsOf(c);
    checkField('embedding', 'W', w, 'real');
    check('embedding', 'W', w, !w.batch && sameShape(w.shape, [v, width]), `ℝ^{${v}×${width}}ᵖ`);
    checkIds('embedding', ids);
    return [{ field: 'real', shape: [...ids.shape, width], batch: ids.batch }];
  },
  forward: (k, _c, ins) => [k.embed(ins[0], ins[1])],
  reverse: (b, [_w, ids], [d], c) => [
    b.op('embeddingBack', [ids, d], c),
    b.op('zero', [], { shape: [...b.typeOf(ids).shape], field: 'real', batch: b.typeOf(ids).batch }),
  ],
  termLabel: (c) => `embedding[${rowsOf(c).join('×')}]`,
});

/** The transpose of embedding in W: a scatter-add of the changes into the rows their ids name. */
export const embeddingBack = defineGenerator({
  id: 'embeddingBack',
  doc: {
    forward: 'W[r, :] = Σ_b Σ_{… : ids[…] = r} d[…, :]; the result is unbatched, [vocab, width]',
    reverse: 'with E the change of W: ids′ = 0,  d′ = embedding(E, ids)',
    example: {
      config: { vocab: 4, width: 2 },
      inputs: [
        { field: 'real', shape: [2], batch: true },
        { field: 'real', shape: [2, 2], batch: true },
      ],
      positive: true,
    },
  },
  family: 'linear',
  description: 'Adds each change into the row of W its id names: the reverse of embedding.',
  symbol: '+W[·]',
  configFields: table,
  inputs: ['ids', 'd'],
  outputs: ['W'],
  type(c, [ids, d]) {
    const [v, width] = rowsOf(c);
    checkIds('embeddingBack', ids);
    checkField('embeddingBack', 'd', d, 'real');
    const want = [...ids.shape, width];
    const fits = d.batch === ids.batch && sameShape(d.shape, want);
    check('embeddingBack', 'd', d, fits, `a wire of shape [${want.join(',')}]${ids.batch ? '' : 'ᵖ'}`);
    return [{ field: 'real', shape: [v, width], batch: false }];
  },
  forward: (k, c, ins) => [k.embedBack(ins[0], ins[1], rowsOf(c)[0])],
  reverse: (b, [ids], [e], c) => [
    b.op('zero', [], { shape: [...b.typeOf(ids).shape], field: 'real', batch: b.typeOf(ids).batch }),
    b.op('embedding', [e, ids], c),
  ],
  termLabel: (c) => `embeddingBack[${rowsOf(c).join('×')}]`,
});
