/**
 * rdiff: the functor R on diagrams. R[d] has inputs (x…, dy…) and outputs (dx…). It copies d's
 * boxes as the forward pass, then walks them in reverse topological order: the changes arriving
 * at each wire are summed (add, or xor on ℤ₂ — R[copy] = add), and each box's reverse diagram
 * is spliced in with the wires of its forward inputs, so R[f ; g](x, d) = R[f](x, R[g](f(x), d)).
 * Forward values the reverse needs are read from the forward copy's wires (residuals); where a
 * rule recomputes f(x) on the same wire, lowering's CSE merges it with the forward box.
 * A box none of whose outputs receive a change is skipped: R is linear in the change.
 */
import { DiagramBuilder } from './builder';
import { canonicalConfig } from './canonical';
import { normaliseConfig } from './config';
import type { Config, Diagram, Pass } from './diagram';
import { sumChanges } from './generators/helpers';
import { BACKWARD, FORWARD, genName, indexSource, NO_SOURCE } from './packed';
import { getGenerator } from './registry';
import { topoIndex } from './topology';
import { packedOf } from './views';
import type { WireType } from './wire';

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
    const full = normaliseConfig(g, config);
    return g.reverse(full, [...inputs, ...g.type(full, inputs)]);
  });
}

/**
 * `reverseOf` by object identity, for rdiff's loop: config object ↦ generator ↦ input type
 * objects (one weak-map level per input) ↦ R, so a box whose config and wire types are objects
 * seen before (nearly all of them: the builder shares both) costs a few lookups and builds no
 * string. A miss asks `reverseOf`, which compares configs and types by value.
 */
interface ReverseNode {
  rev?: Diagram;
  next?: WeakMap<WireType, ReverseNode>;
}
const reversesByObject = new WeakMap<Config, Map<string, ReverseNode>>();
function reverseByObject(gen: string, config: Config, types: readonly WireType[], n: number): Diagram {
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

export interface RdiffOptions {
  /** Also output the forward outputs, before the changes: the whole lens (y…, dx…). */
  readonly keepForward?: boolean;
}

const BACKWARD_ONLY = Object.freeze({ pass: 'backward' as Pass });

export function rdiff(d: Diagram, opts: RdiffOptions = {}): Diagram {
  // in construction order, checked on the way; where that is not topological, in Kahn's
  return rdiffInOrder(d, opts, null) ?? (rdiffInOrder(d, opts, topoIndex(d)) as Diagram);
}

/**
 * rdiff with boxes visited in `order` (`null`: construction order). With `null`, returns
 * undefined as soon as a box reads a wire no earlier box or input made, as `topoIndex` would
 * find: the caller then starts again in Kahn's order. It reads `d`'s columns and writes the
 * builder's (packed.ts); scratch lists and typed arrays are reused box after box.
 */
function rdiffInOrder(d: Diagram, opts: RdiffOptions, order: Int32Array | null): Diagram | undefined {
  const p = packedOf(d);
  const c = p.boxes;
  const nBoxes = c.count;
  const typeOf = (w: number) => p.types[p.wireType[w]];
  const b = new DiagramBuilder();
  // wire of d ↦ its forward copy (−1: not made yet, which in construction order is the check)
  const map = new Int32Array(p.nWires).fill(-1);
  for (let i = 0; i < p.inputs.length; i++) map[p.inputs[i]] = b.input(typeOf(p.inputs[i]));
  // the forward copy of box i is the builder's box fwd[i]: its source, kept for the backward pass
  const fwd = new Int32Array(nBoxes);
  // scratch lists, reused box after box (the builder copies what it keeps)
  const ins: number[] = [];
  const types: WireType[] = [];
  for (let n = 0; n < nBoxes; n++) {
    const i = order === null ? n : order[n];
    const from = c.inStart[i];
    const nIn = c.inStart[i + 1] - from;
    for (let k = 0; k < nIn; k++) {
      ins[k] = map[c.ins[from + k]];
      if (ins[k] < 0) return undefined;
    }
    fwd[i] = b.boxCount;
    // a box without a source is named by its index, as a number until someone reads it
    const code = c.source[i];
    const source = code === NO_SOURCE ? indexSource(i) : b.sourceCode(code, p);
    const first = b.copyBox(p, i, ins, source, FORWARD);
    for (let at = c.outStart[i]; at < c.outStart[i + 1]; at++) map[c.outs[at]] = first + at - c.outStart[i];
  }
  // the changes arriving at each wire: the first in a typed array, any further ones (fan-out) in
  // a list, so a chain of 10,000 boxes keeps no 10,000 small arrays alive through the pass
  const first = new Int32Array(p.nWires).fill(-1);
  const more: number[][] = [];
  const arrive = (w: number, change: number) => {
    if (first[w] < 0) first[w] = change;
    else if (more[w] === undefined) more[w] = [change];
    else more[w].push(change);
  };
  /** The sum of the changes at `w` (a box only where several arrive, or none). */
  const total = (w: number, source: number): number => {
    if (first[w] >= 0 && more[w] === undefined) return first[w];
    const changes = first[w] < 0 ? [] : [first[w], ...more[w]];
    const text = b.sourceText(source);
    return sumChanges(b, changes, typeOf(w), text === undefined ? BACKWARD_ONLY : { source: text, pass: 'backward' });
  };
  for (let j = 0; j < p.outputs.length; j++) arrive(p.outputs[j], b.input(typeOf(p.outputs[j])));
  const dxs: number[] = [];
  for (let n = nBoxes - 1; n >= 0; n--) {
    const i = order === null ? n : order[n];
    const inFrom = c.inStart[i];
    const nIn = c.inStart[i + 1] - inFrom;
    const outFrom = c.outStart[i];
    const nOut = c.outStart[i + 1] - outFrom;
    let reached = false;
    for (let k = 0; k < nOut && !reached; k++) reached = first[c.outs[outFrom + k]] >= 0;
    if (!reached) continue;
    const source = b.sourceCodeOf(fwd[i]);
    for (let k = 0; k < nIn; k++) {
      types[k] = typeOf(c.ins[inFrom + k]);
      ins[k] = map[c.ins[inFrom + k]];
    }
    for (let k = 0; k < nOut; k++) ins[nIn + k] = total(c.outs[outFrom + k], source);
    const rev = reverseByObject(genName(c.gen[i]), c.configs[c.config[i]], types, nIn);
    b.splice(rev, ins, nIn + nOut, source, BACKWARD, dxs);
    for (let k = 0; k < nIn; k++) arrive(c.ins[inFrom + k], dxs[k]);
  }
  if (opts.keepForward) for (let j = 0; j < p.outputs.length; j++) b.output(map[p.outputs[j]]);
  for (let i = 0; i < p.inputs.length; i++) b.output(total(p.inputs[i], NO_SOURCE));
  const name = opts.keepForward ? 'lens' : 'R';
  return d.term === undefined ? b.build() : b.build(`${name}[${d.term}]`);
}

/** The lens (f, R[f]) as one diagram: inputs (x…, dy…), outputs (y…, dx…). */
export const lensDiagram = (d: Diagram): Diagram => rdiff(d, { keepForward: true });
