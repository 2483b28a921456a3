/**
 * The optimiser kinds, listed once: the names the document schema, the optimiser box's choices,
 * the compiler and the trainer accept, what each is called and the hyper-parameters it reads.
 * The optimisers themselves, get and put as diagrams, are learning's lenses (learn/optimisers);
 * adding one is an entry here and its lens there (docs/adding.md).
 */
import type { HyperName } from './hypers';

export interface OptimiserKindSpec {
  /** What the inspector calls it when it says which optimisers read a hyper-parameter. */
  readonly label: string;
  /** The hyper-parameter wires the optimiser and its cap read, in input order. */
  readonly hypers: readonly HyperName[];
}

/** In the order the optimiser box offers them. */
const table = {
  gd: { label: 'gradient descent', hypers: ['learningRate'] },
  momentum: { label: 'momentum', hypers: ['learningRate', 'momentum'] },
  nesterov: { label: 'Nesterov', hypers: ['learningRate', 'momentum'] },
  adagrad: { label: 'AdaGrad', hypers: ['learningRate', 'epsilon'] },
  adam: { label: 'Adam', hypers: ['learningRate', 'beta1', 'beta2', 'epsilon'] },
} satisfies Record<string, OptimiserKindSpec>;

export type OptimiserKind = keyof typeof table;

export const OPTIMISER_KINDS = Object.keys(table) as [OptimiserKind, ...OptimiserKind[]];

/** What a learner uses when neither the diagram nor the settings name an optimiser. */
export const DEFAULT_OPTIMISER: OptimiserKind = 'gd';

/** The kind, label and hyper-parameters of one optimiser, as its lens carries them. */
export function optimiserKind<K extends OptimiserKind>(kind: K): OptimiserKindSpec & { readonly kind: K } {
  const spec: OptimiserKindSpec | undefined = table[kind];
  if (!spec) throw new Error(`unknown optimiser '${kind}'; known: ${OPTIMISER_KINDS.join(', ')}`);
  return { kind, ...spec };
}

/** The optimisers that read a hyper-parameter, by label: `momentum and Nesterov`. */
export function readers(name: HyperName): string {
  const labels = OPTIMISER_KINDS.filter((k) => table[k].hypers.some((h) => h === name)).map((k) => table[k].label);
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}
