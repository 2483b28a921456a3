/**
 * The optimiser lenses, one per optimiser kind (the kinds are listed once, in
 * kinds/optimisers.ts, which the document schema, the optimiser box's choices and the trainer
 * read). Adding an optimiser is one file beside this one, one entry here and one in
 * kinds/optimisers.ts (docs/adding.md).
 */
import { OPTIMISER_KINDS, type OptimiserKind } from '../../kinds/optimisers';
import { adagrad } from './adagrad';
import { adam } from './adam';
import { gd } from './gd';
import { momentum, nesterov } from './momentum';
import type { OptimiserLens } from './types';

export * from '../../kinds/hypers';
export { DEFAULT_OPTIMISER, OPTIMISER_KINDS, type OptimiserKind, readers } from '../../kinds/optimisers';
export { ADAGRAD_INITIAL_ACCUMULATOR } from './adagrad';
export * from './types';

/** Every kind has its lens, under its own name (the type checker holds the two lists together). */
export const optimisers: Readonly<{ [K in OptimiserKind]: OptimiserLens<K> }> = {
  gd,
  momentum,
  nesterov,
  adagrad,
  adam,
};

export function getOptimiser(kind: OptimiserKind): OptimiserLens<OptimiserKind> {
  const o = optimisers[kind];
  if (!o) throw new Error(`unknown optimiser '${kind}'; known: ${OPTIMISER_KINDS.join(', ')}`);
  return o;
}
