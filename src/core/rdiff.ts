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
import type { Config, Diagram } from './diagram';
import { sumChanges } from './generators/helpers';
import { getGenerator } from './registry';
import { topoOrder } from './topology';
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

export interface RdiffOptions {
  /** Also output the forward outputs, before the changes: the whole lens (y…, dx…). */
  readonly keepForward?: boolean;
}

export function rdiff(d: Diagram, opts: RdiffOptions = {}): Diagram {
  const order = topoOrder(d);
  const b = new DiagramBuilder();
  const map = new Int32Array(d.wires.length).fill(-1);
  const xs = b.inputs(dom(d));
  d.inputs.forEach((w, i) => {
    map[w] = xs[i];
  });
  const sources = d.boxes.map((box, i) => box.source ?? String(i));
  // scratch lists, reused box after box: boxTyped and inline copy what they keep
  const ins: number[] = [];
  const types: WireType[] = [];
  for (const i of order) {
    const box = d.boxes[i];
    types.length = box.outputs.length;
    for (let k = 0; k < box.outputs.length; k++) types[k] = d.wires[box.outputs[k]];
    ins.length = box.inputs.length;
    for (let k = 0; k < box.inputs.length; k++) ins[k] = map[box.inputs[k]];
    const outs = b.boxTyped(box.gen, box.config, ins, types, { source: sources[i], pass: 'forward' });
    for (let k = 0; k < outs.length; k++) map[box.outputs[k]] = outs[k];
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
  const one = [0];
  const none: number[] = [];
  const changesOf = (w: number): readonly number[] => {
    if (first[w] < 0) return none;
    const rest = more[w];
    if (rest === undefined) {
      one[0] = first[w];
      return one;
    }
    return [first[w], ...rest];
  };
  b.inputs(cod(d)).forEach((c, j) => {
    arrive(d.outputs[j], c);
  });
  for (let n = order.length - 1; n >= 0; n--) {
    const i = order[n];
    const box = d.boxes[i];
    let reached = false;
    for (let k = 0; k < box.outputs.length && !reached; k++) reached = first[box.outputs[k]] >= 0;
    if (!reached) continue;
    const tag = { source: sources[i], pass: 'backward' } as const;
    const nIn = box.inputs.length;
    types.length = nIn;
    ins.length = nIn + box.outputs.length;
    for (let k = 0; k < nIn; k++) {
      types[k] = d.wires[box.inputs[k]];
      ins[k] = map[box.inputs[k]];
    }
    for (let k = 0; k < box.outputs.length; k++) {
      const w = box.outputs[k];
      ins[nIn + k] = sumChanges(b, changesOf(w), d.wires[w], tag);
    }
    const rev = reverseOf(box.gen, box.config, types);
    const dxs = b.inline(rev, ins, tag);
    for (let k = 0; k < nIn; k++) arrive(box.inputs[k], dxs[k]);
  }
  const dx = d.inputs.map((w) => sumChanges(b, changesOf(w), d.wires[w], { pass: 'backward' }));
  b.outputs(opts.keepForward ? [...d.outputs.map((w) => map[w]), ...dx] : dx);
  const name = opts.keepForward ? 'lens' : 'R';
  return d.term === undefined ? b.build() : b.build(`${name}[${d.term}]`);
}

/** The lens (f, R[f]) as one diagram: inputs (x…, dy…), outputs (y…, dx…). */
export const lensDiagram = (d: Diagram): Diagram => rdiff(d, { keepForward: true });
