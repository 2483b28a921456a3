/**
 * The optimiser lenses, listed once: the list below is the list of optimiser kinds that the
 * document schema, the optimiser box's choices and the trainer accept. Adding an optimiser is
 * one file beside this one and one entry here (docs/adding.md).
 */
import { adagrad } from './adagrad';
import { adam } from './adam';
import { gd } from './gd';
import { momentum, nesterov } from './momentum';
import type { OptimiserLens } from './types';

export { ADAGRAD_INITIAL_ACCUMULATOR } from './adagrad';
export * from './hypers';
export * from './types';

const all = [gd, momentum, nesterov, adagrad, adam] as const;

export type OptimiserKind = (typeof all)[number]['kind'];

/** In the order the optimiser box offers them. */
export const OPTIMISER_KINDS = all.map((o) => o.kind) as [OptimiserKind, ...OptimiserKind[]];

/** What a learner uses when neither the diagram nor the settings name an optimiser. */
export const DEFAULT_OPTIMISER: OptimiserKind = 'gd';

export const optimisers = Object.fromEntries(all.map((o) => [o.kind, o])) as Readonly<
  Record<OptimiserKind, OptimiserLens<OptimiserKind>>
>;

export function getOptimiser(kind: OptimiserKind): OptimiserLens<OptimiserKind> {
  const o = optimisers[kind];
  if (!o) throw new Error(`unknown optimiser '${kind}'; known: ${OPTIMISER_KINDS.join(', ')}`);
  return o;
}

/** The optimisers that read a hyper-parameter, by label: `momentum and Nesterov`. */
export function readers(name: OptimiserLens['hypers'][number]): string {
  const labels = all.filter((o) => (o.hypers as readonly string[]).includes(name)).map((o) => o.label);
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}
