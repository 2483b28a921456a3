/**
 * defineGenerator: the one place a generator's pieces are assembled. A rule file gives the type
 * rule, forward, and its reverse rule written against a RuleBuilder (the wires of x… and of the
 * output changes d…); this checks the arity before the type rule runs and fills in ports, draw
 * hints and the term label. Turning the reverse rule into a diagram is rdiff's (reverse.ts), so
 * nothing here imports the builder.
 */
import { normaliseConfig } from '../config';
import type { Config } from '../diagram';
import { GeneratorTypeError } from '../errors';
import type { ConfigField, DrawHints, Family, Generator, GeneratorDoc, PortSpec, ReverseRule } from '../generator';
import type { Kernel } from '../kernel';
import type { WireType } from '../wire';

export type Names = readonly string[] | ((config: Config) => readonly string[]);

export interface GenSpec {
  readonly id: string;
  readonly label?: string;
  readonly family: Family;
  readonly description: string;
  /** Formulas and an example for docs/generators.md (a test holds every generator to one). */
  readonly doc: GeneratorDoc;
  readonly symbol: string;
  readonly shape?: DrawHints['shape'];
  readonly configFields?: readonly ConfigField[];
  readonly inputs: Names;
  readonly outputs: Names;
  /** Names of the input ports that are parameters (drawn entering from the top). */
  readonly params?: readonly string[];
  /** Output types; arity is checked before this is called. */
  type(config: Config, inputs: readonly WireType[]): WireType[];
  forward<T>(k: Kernel<T>, config: Config, inputs: readonly T[], types: readonly WireType[]): T[];
  /** Returns the change of each x, given the wires of x and of the output changes d. */
  readonly reverse: ReverseRule;
  termLabel?(config: Config, inputs: readonly WireType[]): string;
}

const colours: Record<Family, string> = {
  structure: '#6b7280',
  linear: '#2563eb',
  activation: '#d97706',
  shape: '#059669',
  convolution: '#7c3aed',
  boolean: '#dc2626',
};

const names = (n: Names, c: Config): readonly string[] => (typeof n === 'function' ? n(c) : n);

export function defineGenerator(spec: GenSpec): Generator {
  const params = new Set(spec.params ?? []);
  const gen: Generator = {
    id: spec.id,
    label: spec.label ?? spec.id,
    family: spec.family,
    description: spec.description,
    doc: spec.doc,
    configFields: spec.configFields ?? [],
    // completed first: a partial config (the editor's, a file's) names its ports by the defaults
    ports(config) {
      const c = normaliseConfig(gen, config);
      return {
        inputs: names(spec.inputs, c).map((name): PortSpec => (params.has(name) ? { name, param: true } : { name })),
        outputs: names(spec.outputs, c).map((name): PortSpec => ({ name })),
      };
    },
    type(config, inputs) {
      const want = names(spec.inputs, config);
      want.forEach((port, i) => {
        if (!inputs[i]) throw new GeneratorTypeError(spec.id, port, 'a wire', undefined);
      });
      if (inputs.length > want.length)
        throw new GeneratorTypeError(spec.id, `#${want.length}`, 'no wire (too many inputs)', inputs[want.length]);
      return spec.type(config, inputs);
    },
    forward: (k, config, inputs, types) => spec.forward(k, config, inputs, types),
    reverse: spec.reverse,
    termLabel: spec.termLabel ?? ((c) => defaultLabel(spec, c)),
    draw: { colour: colours[spec.family], shape: spec.shape ?? 'box', symbol: spec.symbol },
  };
  return gen;
}

/** `id`, or `id[v, …]` listing the config values that differ from their defaults. */
function defaultLabel(spec: GenSpec, c: Config): string {
  const changed = (spec.configFields ?? []).filter((f) => JSON.stringify(c[f.key]) !== JSON.stringify(f.default));
  return changed.length ? `${spec.id}[${changed.map((f) => printValue(c[f.key])).join(', ')}]` : spec.id;
}

/** Shapes read as `28×28×1`, the way wire types print them; other values as JSON. */
function printValue(v: unknown): string {
  if (Array.isArray(v) && v.every((n) => typeof n === 'number')) return v.join('×');
  return typeof v === 'string' ? v : JSON.stringify(v);
}
