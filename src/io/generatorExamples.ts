/**
 * The worked examples of docs/generators.md, computed from the registry: each generator's
 * forward map and reverse derivative run on the float64 typed-array engine at its documented
 * example, and its reverse rule drawn symbolically (a RuleBuilder whose wires are expressions),
 * so the formula "as the code draws it" is read off the rule itself and cannot drift.
 */
import { box } from '../core/compose';
import { normaliseConfig } from '../core/config';
import type { Config } from '../core/diagram';
import type { Generator, RuleBuilder } from '../core/generator';
import { getGenerator } from '../core/generators/index';
import { lower } from '../core/program';
import { reverseOf } from '../core/reverse';
import { fullShape, shapeSize } from '../core/shape';
import type { WireType } from '../core/wire';
import { createTypedEngine } from '../engines/typed';

/** Every example runs a batch of two, so what a generator does across the batch shows. */
export const EXAMPLE_BATCH = 2;

export interface ExampleValue {
  readonly name: string;
  readonly type: WireType;
  readonly shape: readonly number[];
  readonly data: readonly number[];
}

export interface WorkedExample {
  readonly config: Config;
  readonly inputs: readonly ExampleValue[];
  readonly outputs: readonly ExampleValue[];
  /** The change given to each output, and the change R[f] gives back to each input. */
  readonly changes: readonly ExampleValue[];
  readonly reverse: readonly ExampleValue[];
  /** `R[f]((x…), d…) = (…)` as the reverse rule draws it at the example's types. */
  readonly drawn: string;
}

/**
 * Small values that are easy to check by hand: halves in [−2.5, 2.5] (distinct within every
 * 2×2 window of a 4-wide image, so pooling has no ties), positive ones in [0.5, 2.5], or bits.
 */
const BITS = [1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0];
function values(t: WireType, slot: number, positive: boolean, change: boolean): number[] {
  const n = shapeSize(fullShape(t, EXAMPLE_BATCH));
  return Array.from({ length: n }, (_, i) => {
    if (t.field === 'z2') return BITS[(i + 5 * slot + (change ? 3 : 0)) % BITS.length];
    if (change) return ((i * 5 + slot * 2) % 7) / 2 - 1.5;
    if (positive) return 0.5 + ((i * 3 + slot) % 5) / 2;
    return ((i * 7 + slot * 3) % 11) / 2 - 2.5;
  });
}

function run(d: ReturnType<typeof box>, inputs: readonly ExampleValue[]): { shape: number[]; data: number[] }[] {
  const engine = createTypedEngine(lower(d), { dtype: 'float64' });
  const given = inputs.map((v) => ({ shape: [...v.shape], data: Float64Array.from(v.data) }));
  return engine
    .run(given, { batchSize: EXAMPLE_BATCH })
    .map((t) => ({ shape: [...t.shape], data: Array.from(t.data) }));
}

/**
 * How the change of each output is named: `d`, or `e` (then `f`) when an input is already
 * called `d`; `d_y0`, `d_y1`… when there are several outputs.
 */
function changeNames(inputs: readonly string[], outputs: readonly string[]): string[] {
  const letter = ['d', 'e', 'f', 'g'].find((l) => !inputs.includes(l)) ?? 'δ';
  return outputs.length === 1 ? [letter] : outputs.map((p) => `${letter}_${p}`);
}

/** `id` or `id[key=value, …]` with the config values that differ from their defaults. */
function callLabel(g: Generator, config: Config): string {
  const changed = g.configFields.filter((f) => JSON.stringify(config[f.key]) !== JSON.stringify(f.default));
  if (changed.length === 0) return g.id;
  return `${g.id}[${changed.map((f) => `${f.key}=${JSON.stringify(config[f.key])}`).join(', ')}]`;
}

/** A RuleBuilder whose wires are expressions: what a reverse rule draws, written as a formula. */
class FormulaBuilder implements RuleBuilder {
  readonly exprs: string[] = [];
  readonly types: WireType[] = [];

  wire(expr: string, type: WireType): number {
    this.exprs.push(expr);
    this.types.push(type);
    return this.exprs.length - 1;
  }

  typeOf(wire: number): WireType {
    return this.types[wire];
  }

  box(gen: string, inputs: readonly number[], config: Config = {}): number[] {
    const g = getGenerator(gen);
    const c = normaliseConfig(g, config);
    const outs = g.type(
      c,
      inputs.map((w) => this.types[w]),
    );
    const call = `${callLabel(g, c)}(${inputs.map((w) => this.exprs[w]).join(', ')})`;
    const ports = g.ports(c).outputs;
    return outs.map((t, k) => this.wire(outs.length === 1 ? call : `${call}.${ports[k].name}`, t));
  }

  op(gen: string, inputs: readonly number[], config?: Config): number {
    return this.box(gen, inputs, config)[0];
  }
}

const tuple = (xs: readonly string[]) => (xs.length === 1 ? xs[0] : `(${xs.join(', ')})`);

function drawnReverse(g: Generator, config: Config, inTypes: readonly WireType[], outTypes: readonly WireType[]) {
  const ports = g.ports(config);
  const b = new FormulaBuilder();
  const xs = ports.inputs.map((p, i) => b.wire(p.name, inTypes[i]));
  const changes = changeNames(
    ports.inputs.map((p) => p.name),
    ports.outputs.map((p) => p.name),
  );
  const ds = changes.map((name, k) => b.wire(name, outTypes[k]));
  const got = g.reverse(b, xs, ds, config, inTypes);
  const lhs = `R[${g.id}](${tuple(ports.inputs.map((p) => p.name))}, ${tuple(changes)})`;
  return `${lhs} = ${tuple(got.map((w) => b.exprs[w]))}`;
}

/** The generator's documented example, worked on the float64 engine. */
export function workedExample(g: Generator): WorkedExample {
  const ex = g.doc.example;
  const config = normaliseConfig(g, ex.config ?? {});
  const ports = g.ports(config);
  const inputs = ex.inputs.map((type, i) => ({
    name: ports.inputs[i].name,
    type,
    shape: fullShape(type, EXAMPLE_BATCH),
    data: values(type, i, ex.positive === true, false),
  }));
  const outTypes = g.type(config, ex.inputs);
  const outputs = run(box(g.id, ex.inputs, config), inputs).map((v, k) => ({
    name: ports.outputs[k].name,
    type: outTypes[k],
    ...v,
  }));
  const names = changeNames(
    ports.inputs.map((p) => p.name),
    ports.outputs.map((p) => p.name),
  );
  const changes = outTypes.map((type, k) => ({
    name: names[k],
    type,
    shape: fullShape(type, EXAMPLE_BATCH),
    data: values(type, k, false, true),
  }));
  const reverse =
    inputs.length === 0
      ? []
      : run(reverseOf(g.id, config, ex.inputs), [...inputs, ...changes]).map((v, i) => ({
          name: `${inputs[i].name}′`,
          type: ex.inputs[i],
          ...v,
        }));
  return { config, inputs, outputs, changes, reverse, drawn: drawnReverse(g, config, ex.inputs, outTypes) };
}
