/**
 * The initialisers a document may name, listed once: the table below is the list of kinds the
 * document schema and the initialiser field's choices accept, each with the core Initialiser
 * (core/init.ts) it stands for. The document spells kinds with dashes (`glorot-uniform`) and
 * leaves parameters unset; the defaults are here. A new kind is one entry here and, when the
 * core cannot draw it yet, one case in core/init.ts, which the type checker points at.
 */
import type { Initialiser } from '../core/init';
import { lazySchema, z } from './zod';

const Finite = lazySchema(() => z.number().finite());

/** An initialiser as a document writes it: a kind and the parameters that kind reads. */
export interface InitSpec {
  readonly kind: InitKind;
  readonly value?: number;
  readonly sigma?: number;
  readonly low?: number;
  readonly high?: number;
}

const table = {
  zeros: () => ({ kind: 'zeros' }),
  constant: (s) => ({ kind: 'constant', value: s.value ?? 0 }),
  normal: (s) => ({ kind: 'normal', sigma: s.sigma ?? 0.01 }),
  uniform: (s) => ({ kind: 'uniform', low: s.low ?? -0.05, high: s.high ?? 0.05 }),
  'glorot-uniform': () => ({ kind: 'glorotUniform' }),
  he: () => ({ kind: 'he' }),
} satisfies Record<string, (spec: Omit<InitSpec, 'kind'>) => Initialiser>;

export type InitKind = keyof typeof table;

/** In the order the initialiser field offers them. */
export const INIT_KINDS = Object.keys(table) as [InitKind, ...InitKind[]];

export const DEFAULT_INIT: InitSpec = { kind: 'glorot-uniform' };

export const InitSpecSchema = lazySchema(() =>
  z.object({
    kind: z.enum(INIT_KINDS),
    value: Finite.optional(),
    sigma: Finite.positive().optional(),
    low: Finite.optional(),
    high: Finite.optional(),
  }),
) satisfies z.ZodType<InitSpec>;

/** A document InitSpec as core's Initialiser. */
export const toInitialiser = (spec: InitSpec): Initialiser => table[spec.kind](spec);
