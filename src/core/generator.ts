/**
 * What one generator file exports (docs/adding.md, "A generator"): its type rule, forward on the kernel
 * interface, reverse derivative as a rule that draws a diagram of generators, and how the
 * editor draws it.
 */
import type { BoxOptions, Config } from './diagram';
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
  /** For a `shape` field: the number of entries it must have (absent: any). */
  readonly length?: number;
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

/**
 * What a reverse rule draws with: the part of the DiagramBuilder (builder.ts) a rule needs.
 * Written against this, a generator file never imports the builder, which looks generators up.
 */
export interface RuleBuilder {
  typeOf(wire: number): WireType;
  /** A box of `gen` reading `inputs`; its output wires. */
  box(gen: string, inputs: readonly number[], config?: Config, opts?: BoxOptions): number[];
  /** A box with one output: `b.op('multiply', [d, s])`. */
  op(gen: string, inputs: readonly number[], config?: Config, opts?: BoxOptions): number;
}

/**
 * R[f] as a rule: given the wires of the inputs x… and of the output changes d… in a builder,
 * draws the change of each x and returns their wires (types: the types of x). rdiff turns it
 * into a diagram (reverse.ts).
 */
export type ReverseRule = (
  b: RuleBuilder,
  xs: readonly number[],
  ds: readonly number[],
  config: Config,
  types: readonly WireType[],
) => number[];

/** The example docs/generators.md works through: a config and the input wires' types. */
export interface GeneratorExample {
  readonly config?: Config;
  readonly inputs: readonly WireType[];
  /** Values drawn above zero (log, sqrt, reciprocal). */
  readonly positive?: boolean;
}

/**
 * What the generator reference (docs/generators.md) says of a generator beside what the code
 * gives it: the forward map and the reverse derivative as formulas in its port names (x' is the
 * change of input x, d the change of the output, Σ_b a sum over the batch), and its example.
 */
export interface GeneratorDoc {
  readonly forward: string;
  readonly reverse: string;
  readonly example: GeneratorExample;
}

export interface Generator {
  readonly id: string;
  readonly label: string;
  readonly family: Family;
  readonly description: string;
  readonly doc: GeneratorDoc;
  readonly configFields: readonly ConfigField[];
  /**
   * Port names, given the config (copy with n outputs, concat with n inputs…). A partial config
   * is completed with the defaults; a bad value throws the ConfigError naming the key.
   */
  ports(config: Config): { readonly inputs: readonly PortSpec[]; readonly outputs: readonly PortSpec[] };
  /** Output types from input types and config, or a GeneratorTypeError naming the port. */
  type(config: Config, inputs: readonly WireType[]): WireType[];
  forward<T>(k: Kernel<T>, config: Config, inputs: readonly T[], types: readonly WireType[]): T[];
  /** R[f] : dom ⊗ cod → dom, drawn in a builder; `reverseOf` (reverse.ts) makes it a diagram. */
  readonly reverse: ReverseRule;
  /** Extra text for the term printer: `linear[4→3]`. */
  termLabel?(config: Config, inputs: readonly WireType[]): string;
  readonly draw: DrawHints;
}
