/**
 * Para ports left open on the canvas become learnable parameters. Their type follows from the
 * box's other inputs and a few document-level config keys (the kernel size and channel count
 * of a correlation), so the user sets units, not matrix shapes. The core's type rules check
 * the wire they receive; these rules only say which parameter to create.
 *
 * Workaround: core has no "parameter type of port p" rule yet; this table covers the Para
 * generators an editor offers. Another Para generator needs a `parameter` box wired in.
 */
import { normaliseConfig } from '../core/config';
import type { ConfigField, Generator } from '../core/generator';
import { param, type WireType } from '../core/wire';
import { DEFAULT_INIT, INIT_KINDS, type InitSpec } from './initialisers';

type Inputs = Readonly<Record<string, WireType | undefined>>;
type Raw = Readonly<Record<string, unknown>>;

export interface BoxConfigField extends Omit<ConfigField, 'kind'> {
  /** `init` is an InitSpec object ({kind, sigma…}, kinds from `options`); the rest are core's field kinds. */
  readonly kind: ConfigField['kind'] | 'init';
  /**
   * The compiler's own check of a value, where `min`/`max` cannot say it all (an open end):
   * null when the value is allowed, otherwise what is allowed, in words.
   */
  readonly accepts?: (value: unknown) => string | null;
}

interface ParaRule {
  /** Config keys the core leaves unset that the wires decide (linear's `in`). */
  infer?(raw: Raw, inputs: Inputs): Record<string, unknown>;
  /** The parameter's type, or a sentence saying what is missing. */
  paramType(config: Raw, inputs: Inputs): WireType | string;
  readonly defaultInit: InitSpec;
  readonly extraFields?: readonly BoxConfigField[];
}

const glorot = DEFAULT_INIT;
/** The length of a wire's last axis: a vector's, or a sequence's [T, n] at each position. */
const vectorLength = (t: WireType | undefined) => (t && t.shape.length >= 1 ? t.shape[t.shape.length - 1] : undefined);

const rules: Record<string, ParaRule> = {
  linear: {
    infer: (raw, { x, W }) => ({
      ...(raw.in === undefined && vectorLength(x) !== undefined ? { in: vectorLength(x) } : {}),
      ...(raw.out === undefined && W?.shape.length === 2 ? { out: W.shape[1] } : {}),
    }),
    paramType: (c) => param([c.in as number, c.out as number]),
    defaultInit: glorot,
  },
  linearT: {
    infer: (raw, { d }) => (raw.out === undefined && vectorLength(d) !== undefined ? { out: vectorLength(d) } : {}),
    paramType: (c) => param([c.in as number, c.out as number]),
    defaultInit: glorot,
  },
  bias: {
    paramType: (_c, { x }) => (x ? param(x.shape, x.field) : 'the bias takes its shape from x; connect x'),
    defaultInit: { kind: 'zeros' },
  },
  correlate2d: {
    paramType: (c, { x }) => {
      const c0 = x?.shape.length === 3 ? x.shape[2] : undefined;
      if (c0 === undefined) return 'the filter takes its channels from an image x ℝ^{h×w×c}; connect one';
      const k = c.kernel ?? 3;
      const o = c.channels ?? 1;
      const g = c.groups ?? 1;
      if (!isCount(k) || !isCount(o)) return 'kernel and channels must be integers ≥ 1';
      if (!isCount(g) || c0 % g !== 0 || o % g !== 0)
        return `groups must split the ${c0} input and ${o} output channels evenly`;
      return param([k, k, c0 / g, o]);
    },
    defaultInit: glorot,
    extraFields: [
      { key: 'kernel', label: 'kernel size', kind: 'int', min: 1, max: 64, default: 3, help: 'k for a k×k filter' },
      { key: 'channels', label: 'output channels', kind: 'int', min: 1, max: 1024, default: 1 },
    ],
  },
};

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

export const paraPorts = (gen: Generator, config: Raw): string[] =>
  gen
    .ports(config)
    .inputs.filter((p) => p.param)
    .map((p) => p.name);

export function paraRule(genId: string): ParaRule | undefined {
  return rules[genId];
}

/** Config keys the document may carry for a core generator beyond the core's own fields. */
export function paraFields(gen: Generator): BoxConfigField[] {
  if (paraPorts(gen, normaliseConfig(gen, {})).length === 0) return [];
  const rule = rules[gen.id];
  const init: BoxConfigField = {
    key: 'init',
    label: 'initialiser',
    kind: 'init',
    options: INIT_KINDS,
    default: rule?.defaultInit ?? glorot,
    help: 'used when the parameter port is left open (a learnt parameter)',
  };
  return [...(rule?.extraFields ?? []), init];
}
