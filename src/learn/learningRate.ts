/**
 * The learning-rate lens α : (L, L') → (1, 1). Its forward discards the loss; its backward is
 * the change that starts the reverse pass: the constant −ε per example, or −1 when the
 * optimiser applies its own ε (AdaGrad, Adam), or, over ℤ₂, the loss itself (l' = l), which
 * makes the step Reverse Derivative Ascent: p ⊕ R[f](p, x, ŷ ⊕ y).
 */
import { DiagramBuilder } from '../core/builder';
import type { Diagram } from '../core/diagram';
import type { WireType } from '../core/wire';
import { scalarType } from './wiring';

export type Cap = 'learning-rate' | 'unit' | 'identity';

/** l' = α(l); `epsilon` is the learning-rate wire, read only by the 'learning-rate' cap. */
export function cap(b: DiagramBuilder, kind: Cap, l: number, epsilon: number): number {
  const t = b.typeOf(l);
  if (kind === 'identity') return l;
  if (t.field !== 'real' || t.shape.length !== 0 || !t.batch) {
    throw new Error('a real learning-rate cap needs a loss with one real number per example');
  }
  if (kind === 'unit') return b.op('constant', [], { value: -1, shape: [], batch: true });
  return b.op('broadcastBatch', [b.op('negate', [epsilon])]);
}

/** α on its own, as a diagram (l, ε) → l′: what the caption of the learning-rate step prints. */
export function capDiagram(kind: Cap, lossType: WireType): Diagram {
  const b = new DiagramBuilder();
  const [l, epsilon] = b.inputs([lossType, scalarType]);
  b.output(cap(b, kind, l, epsilon));
  return b.build(`α[${kind}]`);
}
