/**
 * What one generator file exports (DESIGN.md §4): its type rule, forward on the kernel
 * interface, reverse derivative as a diagram of generators, and how the editor draws it.
 */
import type { Config, Diagram } from './diagram';
import type { Kernel } from './kernel';
import type { WireType } from './wire';

export type Family = 'structure' | 'linear' | 'activation' | 'shape' | 'convolution' | 'boolean';

export interface PortSpec {
  readonly name: string;
  /** Parameter ports enter the box from the top (Para). */
  readonly param?: boolean;
}

export interface ConfigField {
  readonly key: string;
  readonly label: string;
  readonly kind: 'int' | 'number' | 'shape' | 'enum' | 'boolean' | 'field';
  readonly min?: number;
  readonly max?: number;
  readonly options?: readonly string[];
  readonly default: unknown;
  readonly help?: string;
}

export interface DrawHints {
  readonly colour: string;
  /** `dot`/`spider` for the small structural generators, `box` for the rest. */
  readonly shape: 'box' | 'dot' | 'spider' | 'triangle';
  /** Short symbol drawn on the box: `σ`, `+`, `Δ`, `W·`. */
  readonly symbol: string;
}

export interface Generator {
  readonly id: string;
  readonly label: string;
  readonly family: Family;
  readonly description: string;
  readonly configFields: readonly ConfigField[];
  /** Port names, given the config (copy with n outputs, concat with n inputs…). */
  ports(config: Config): { readonly inputs: readonly PortSpec[]; readonly outputs: readonly PortSpec[] };
  /** Output types from input types and config, or a GeneratorTypeError naming the port. */
  type(config: Config, inputs: readonly WireType[]): WireType[];
  forward<T>(k: Kernel<T>, config: Config, inputs: readonly T[], types: readonly WireType[]): T[];
  /** R[f] : dom ⊗ cod → dom, as a diagram whose inputs are (x…, d…) and outputs the changes of x. */
  reverse(config: Config, inputs: readonly WireType[]): Diagram;
  /** Extra text for the term printer: `linear[4→3]`. */
  termLabel?(config: Config, inputs: readonly WireType[]): string;
  readonly draw: DrawHints;
}
