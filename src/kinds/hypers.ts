/**
 * The optimisers' hyper-parameters, listed once: each one's symbol, default and allowed range.
 * The document schema (io/document.ts), the optimiser and learning-rate boxes' inspector fields
 * (boxKinds.ts) and the trainer's defaults read this table; an optimiser names the ones it reads.
 * Defaults are Keras's and tfjs's (δ = 1e-7 is tfjs's epsilon on float32 backends).
 */

export interface HyperSpec {
  /** How the inspector and the formulas write it: ε, γ, β₁, β₂, δ. */
  readonly symbol: string;
  readonly default: number;
  /** Allowed values are finite, min ≤ v ≤ max; an open end (`minOpen`, `maxOpen`) is strict. */
  readonly min: number;
  readonly max?: number;
  readonly minOpen?: boolean;
  readonly maxOpen?: boolean;
}

const table = {
  learningRate: { symbol: 'ε', default: 0.01, min: 0, minOpen: true },
  momentum: { symbol: 'γ', default: 0.9, min: 0, max: 1 },
  beta1: { symbol: 'β₁', default: 0.9, min: 0, max: 1, maxOpen: true },
  beta2: { symbol: 'β₂', default: 0.999, min: 0, max: 1, maxOpen: true },
  epsilon: { symbol: 'δ', default: 1e-7, min: 0, minOpen: true },
} satisfies Record<string, HyperSpec>;

/** The hyper-parameter wires, named as in the document's optimiser settings. */
export type HyperName = keyof typeof table;
export type Hypers = Readonly<Record<HyperName, number>>;

export const HYPERS: Readonly<Record<HyperName, HyperSpec>> = table;
export const HYPER_NAMES = Object.keys(table) as HyperName[];

export const DEFAULT_HYPERS: Hypers = Object.fromEntries(HYPER_NAMES.map((n) => [n, HYPERS[n].default])) as Hypers;

/** Settings (from a document or the UI) as the full table of values, defaults where unset. */
export function hypersOf(settings: Readonly<Partial<Record<HyperName, number | undefined>>>): Hypers {
  return Object.fromEntries(HYPER_NAMES.map((n) => [n, settings[n] ?? HYPERS[n].default])) as Hypers;
}

/** The allowed range in words: `0 ≤ β₁ < 1`, `ε > 0`. */
export function hyperRange(name: HyperName): string {
  const s = HYPERS[name];
  const low = `${s.min} ${s.minOpen ? '<' : '≤'} ${s.symbol}`;
  if (s.max === undefined) return s.minOpen ? `${s.symbol} > ${s.min}` : `${s.symbol} ≥ ${s.min}`;
  return `${low} ${s.maxOpen ? '<' : '≤'} ${s.max}`;
}

/** Whether `v` is an allowed value of the hyper-parameter `name`. */
export function isHyperValue(name: HyperName, v: unknown): v is number {
  const s = HYPERS[name];
  if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  const aboveMin = s.minOpen ? v > s.min : v >= s.min;
  const belowMax = s.max === undefined || (s.maxOpen ? v < s.max : v <= s.max);
  return aboveMin && belowMax;
}
