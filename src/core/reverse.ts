/**
 * R of one generator as a diagram: its reverse rule (generator.ts) drawn in a fresh builder
 * whose inputs are (x…, d…), checked to return one change per input of the input's type. Each
 * is a pure function of the generator, its config and its input types, so it is built once and
 * kept; rdiff splices the kept diagram in for every box.
 */
import { DiagramBuilder } from './builder';
import { canonicalConfig } from './canonical';
import { normaliseConfig } from './config';
import type { Config, Diagram } from './diagram';
import { DiagramError } from './errors';
import type { Generator } from './generator';
import { getGenerator } from './generators/index';
import { printProduct, productEquals, type WireType } from './wire';

/** R[g] at a complete config: inputs (x…, d…), outputs the change of each x. */
function reverseDiagram(g: Generator, config: Config, inputs: readonly WireType[]): Diagram {
  const b = new DiagramBuilder();
  const wires = b.inputs([...inputs, ...g.type(config, inputs)]);
  const n = inputs.length;
  const dx = g.reverse(b, wires.slice(0, n), wires.slice(n), config, inputs);
  const got = dx.map((w) => b.typeOf(w));
  if (!productEquals(got, inputs))
    throw new DiagramError(`R[${g.id}] returns ${printProduct(got)}, not ${printProduct(inputs)}`);
  b.outputs(dx);
  return b.build(`R[${g.id}]`);
}

const typeKey = (t: WireType) => `${t.field}${t.batch ? 'b' : 'p'}${t.shape.join('x')}`;
/** Type keys per type object: the boxes of one diagram share their wire types. */
const typeKeys = new WeakMap<WireType, string>();
function typeKeyOf(t: WireType): string {
  let k = typeKeys.get(t);
  if (k === undefined) {
    k = typeKey(t);
    typeKeys.set(t, k);
  }
  return k;
}

/** gen ↦ canonical config ↦ input types ↦ R: nested, so a lookup per box builds no key string. */
const reverses = new Map<string, Map<string, Map<string, Diagram>>>();
function nested<K, V>(m: Map<K, V>, k: K, make: () => V): V {
  let v = m.get(k);
  if (v === undefined) {
    v = make();
    m.set(k, v);
  }
  return v;
}

/** R[gen] at this config and these input types, built once (it is a pure function of them). */
export function reverseOf(gen: string, config: Config, inputs: readonly WireType[]): Diagram {
  const byConfig = nested(reverses, gen, () => new Map<string, Map<string, Diagram>>());
  const byTypes = nested(byConfig, canonicalConfig(config), () => new Map<string, Diagram>());
  const key = inputs.length === 1 ? typeKeyOf(inputs[0]) : inputs.map(typeKeyOf).join(',');
  return nested(byTypes, key, () => {
    const g = getGenerator(gen);
    return reverseDiagram(g, normaliseConfig(g, config), inputs);
  });
}

/**
 * `reverseOf` by object identity, for rdiff's loop: config object ↦ generator ↦ input type
 * objects (one weak-map level per input) ↦ R, so a box whose config and wire types are objects
 * seen before (nearly all of them: the builder shares both) costs a few lookups and builds no
 * string. A miss asks `reverseOf`, which compares configs and types by value. Reads the first
 * `n` of `types`.
 */
interface ReverseNode {
  rev?: Diagram;
  next?: WeakMap<WireType, ReverseNode>;
}
const reversesByObject = new WeakMap<Config, Map<string, ReverseNode>>();
export function reverseByObject(gen: string, config: Config, types: readonly WireType[], n: number): Diagram {
  let byGen = reversesByObject.get(config);
  if (byGen === undefined) {
    byGen = new Map();
    reversesByObject.set(config, byGen);
  }
  let node = byGen.get(gen);
  if (node === undefined) {
    node = {};
    byGen.set(gen, node);
  }
  for (let k = 0; k < n; k++) {
    node.next ??= new WeakMap();
    let child = node.next.get(types[k]);
    if (child === undefined) {
      child = {};
      node.next.set(types[k], child);
    }
    node = child;
  }
  node.rev ??= reverseOf(gen, config, types.length === n ? types : types.slice(0, n));
  return node.rev;
}
