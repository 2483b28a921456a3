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
import { cod, dom } from './compose';
import { normaliseConfig } from './config';
import type { Config, Diagram, Pass } from './diagram';
import { sumChanges } from './generators/helpers';
import { getGenerator } from './registry';
import { topoIndex } from './topology';
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

const BACKWARD = Object.freeze({ pass: 'backward' as Pass });

export function rdiff(d: Diagram, opts: RdiffOptions = {}): Diagram {
  // in construction order, checked on the way; where that is not topological, in Kahn's
  return rdiffInOrder(d, opts, null) ?? (rdiffInOrder(d, opts, topoIndex(d)) as Diagram);
}

/**
 * rdiff with boxes visited in `order` (`null`: construction order). With `null`, returns
 * undefined as soon as a box reads a wire no earlier box or input made, as `topoIndex` would
 * find: the caller then starts again in Kahn's order. Scratch lists and typed arrays are reused
 * box after box; the builder records boxes without allocation sites, in chunks (builder.ts).
 */
function rdiffInOrder(d: Diagram, opts: RdiffOptions, order: Int32Array | null): Diagram | undefined {
  const nBoxes = d.boxes.length;
  const b = new DiagramBuilder();
  // wire of d ↦ its forward copy (−1: not made yet, which in construction order is the check)
  const map = new Int32Array(d.wires.length).fill(-1);
  const xs = b.inputs(dom(d));
  for (let i = 0; i < d.inputs.length; i++) map[d.inputs[i]] = xs[i];
  // the forward copy of box i is the builder's box fwd[i]: its source, kept for the backward pass
  const fwd = new Int32Array(nBoxes);
  // scratch lists, reused box after box (the builder copies what it keeps)
  const ins: number[] = [];
  const types: WireType[] = [];
  for (let n = 0; n < nBoxes; n++) {
    const i = order === null ? n : order[n];
    const box = d.boxes[i];
    const nIn = box.inputs.length;
    const nOut = box.outputs.length;
    for (let k = 0; k < nOut; k++) types[k] = d.wires[box.outputs[k]];
    for (let k = 0; k < nIn; k++) {
      ins[k] = map[box.inputs[k]];
      if (ins[k] < 0) return undefined;
    }
    fwd[i] = b.boxCount;
    const first = b.copyBox(box.gen, box.config, ins, nIn, types, nOut, box.source ?? String(i), 'forward');
    for (let k = 0; k < nOut; k++) map[box.outputs[k]] = first + k;
  }
  // the changes arriving at each wire: the first in a typed array, any further ones (fan-out) in
  // a list, so a chain of 10,000 boxes keeps no 10,000 small arrays alive through the pass
  const first = new Int32Array(d.wires.length).fill(-1);
  const more: number[][] = [];
  const arrive = (w: number, c: number) => {
    if (first[w] < 0) first[w] = c;
    else if (more[w] === undefined) more[w] = [c];
    else more[w].push(c);
  };
  /** The sum of the changes at `w` (a box only where several arrive, or none). */
  const total = (w: number, source: string | undefined): number => {
    if (first[w] >= 0 && more[w] === undefined) return first[w];
    const changes = first[w] < 0 ? [] : [first[w], ...more[w]];
    return sumChanges(b, changes, d.wires[w], source === undefined ? BACKWARD : { source, pass: 'backward' });
  };
  const dys = b.inputs(cod(d));
  for (let j = 0; j < dys.length; j++) arrive(d.outputs[j], dys[j]);
  const dxs: number[] = [];
  for (let n = nBoxes - 1; n >= 0; n--) {
    const i = order === null ? n : order[n];
    const box = d.boxes[i];
    let reached = false;
    for (let k = 0; k < box.outputs.length && !reached; k++) reached = first[box.outputs[k]] >= 0;
    if (!reached) continue;
    const source = b.sourceOf(fwd[i]);
    const nIn = box.inputs.length;
    const nOut = box.outputs.length;
    for (let k = 0; k < nIn; k++) {
      types[k] = d.wires[box.inputs[k]];
      ins[k] = map[box.inputs[k]];
    }
    for (let k = 0; k < nOut; k++) ins[nIn + k] = total(box.outputs[k], source);
    const rev = reverseByObject(box.gen, box.config, types, nIn);
    b.splice(rev, ins, nIn + nOut, source, 'backward', dxs);
    for (let k = 0; k < nIn; k++) arrive(box.inputs[k], dxs[k]);
  }
  const dx = d.inputs.map((w) => total(w, undefined));
  b.outputs(opts.keepForward ? [...d.outputs.map((w) => map[w]), ...dx] : dx);
  const name = opts.keepForward ? 'lens' : 'R';
  return d.term === undefined ? b.build() : b.build(`${name}[${d.term}]`);
}

/** The lens (f, R[f]) as one diagram: inputs (x…, dy…), outputs (y…, dx…). */
export const lensDiagram = (d: Diagram): Diagram => rdiff(d, { keepForward: true });
