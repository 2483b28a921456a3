/**
 * The learner as the paper draws it (docs/architecture.md, "The learner's picture"): the model
 * with its parameters on top, the loss and the learning rate after it, and the optimiser lens
 * above the parameter wires. A document draws the optimiser as one box, wired to nothing: it
 * updates every wire the learner learns. This says which boxes those are in a scope (the
 * strands the lens view draws between them and the optimiser) and where the optimiser sits to
 * span them.
 */
import type { LensDocument, Position } from '../../io/document';
import { learnsInput, learnsWeights } from '../../kinds/learntWires';
import { descendants, type Scope } from './documentOps';

/** A box of the scope whose wire the optimiser updates: a parameter, a Para group holding some, or the data input (dreaming). */
export interface LearntTarget {
  readonly id: string;
  readonly what: 'parameter' | 'group' | 'input';
}

export interface OptimiserStrands {
  /** The drawn optimiser box. */
  readonly optimiser: string;
  /** Left to right, as drawn. */
  readonly targets: readonly LearntTarget[];
}

type Size = { readonly width: number; readonly height: number };
const DEFAULT: Size = { width: 120, height: 48 };
/** Space between the optimiser's lower edge and the top of the highest box it updates. */
export const OPTIMISER_GAP = 90;

/** The optimiser box drawn in the scope and what it updates there; null when the scope draws no optimiser. */
export function optimiserStrands(doc: LensDocument, scope: Scope): OptimiserStrands | null {
  const optimiser = doc.boxes.find((b) => b.parent === scope && b.generator === 'optimiser');
  if (!optimiser) return null;
  const learn = doc.training?.learn;
  const targets: (LearntTarget & { x: number })[] = [];
  if (learnsWeights(learn)) {
    for (const b of doc.boxes)
      if (b.parent === scope && b.generator === 'parameter')
        targets.push({ id: b.id, what: 'parameter', x: b.position.x });
    for (const g of doc.groups) {
      if (g.parent !== scope) continue;
      const inside = descendants(doc, [g.id]);
      if (doc.boxes.some((b) => b.generator === 'parameter' && inside.has(b.id)))
        targets.push({ id: g.id, what: 'group', x: g.position.x });
    }
  }
  if (learnsInput(learn))
    for (const b of doc.boxes)
      if (b.parent === scope && b.generator === 'input') targets.push({ id: b.id, what: 'input', x: b.position.x });
  targets.sort((a, b) => a.x - b.x);
  return { optimiser: optimiser.id, targets: targets.map(({ id, what }) => ({ id, what })) };
}

/**
 * Where the optimiser sits in the paper's picture: centred over the boxes it updates, its lower
 * edge `OPTIMISER_GAP` above the highest of them. Null when there is no drawn optimiser or it
 * updates nothing in the scope.
 */
export function optimiserPlace(
  doc: LensDocument,
  scope: Scope,
  sizes: Readonly<Record<string, Size>> = {},
  positions: ReadonlyMap<string, Position> = new Map(),
): Position | null {
  const strands = optimiserStrands(doc, scope);
  if (!strands || strands.targets.length === 0) return null;
  const at = (id: string): Position =>
    positions.get(id) ?? [...doc.boxes, ...doc.groups].find((n) => n.id === id)?.position ?? { x: 0, y: 0 };
  const size = (id: string): Size => sizes[id] ?? DEFAULT;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  for (const t of strands.targets) {
    const p = at(t.id);
    left = Math.min(left, p.x);
    right = Math.max(right, p.x + size(t.id).width);
    top = Math.min(top, p.y);
  }
  const own = size(strands.optimiser);
  return { x: Math.round((left + right) / 2 - own.width / 2), y: Math.round(top - OPTIMISER_GAP - own.height) };
}
