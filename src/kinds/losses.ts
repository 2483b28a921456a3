/**
 * The loss kinds, listed once: the names the document schema, the loss box's choices, the
 * compiler and the trainer accept, and what each is defined on. The losses themselves, ℓ and
 * R[ℓ] as diagrams, are learning's (learn/losses); adding a loss is an entry here and its lens
 * there (docs/adding.md).
 */
import type { Field } from '../core/wire';

export interface LossKindSpec {
  /** The field of ŷ and y it is defined on. */
  readonly field: Field;
  /** Whether ŷ is a logit (classes are read with threshold 0 rather than ½). */
  readonly logits: boolean;
}

/** In the order the palette offers them. */
const table = {
  mse: { field: 'real', logits: false },
  'mse-mean': { field: 'real', logits: false },
  'softmax-cross-entropy': { field: 'real', logits: true },
  'binary-cross-entropy': { field: 'real', logits: true },
  'z2-xor': { field: 'z2', logits: false },
  dot: { field: 'real', logits: false },
} satisfies Record<string, LossKindSpec>;

export type LossKind = keyof typeof table;

export const LOSS_KINDS = Object.keys(table) as [LossKind, ...LossKind[]];

/** What a freshly drawn loss box computes. */
export const DEFAULT_LOSS: LossKind = 'mse';

export function lossKind(kind: LossKind): LossKindSpec & { readonly kind: LossKind } {
  const spec: LossKindSpec | undefined = table[kind];
  if (!spec) throw new Error(`unknown loss '${kind}'; known: ${LOSS_KINDS.join(', ')}`);
  return { kind, ...spec };
}
