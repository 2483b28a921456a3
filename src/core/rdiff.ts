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

const reverses = new Map<string, Diagram>();
const typeKey = (t: WireType) => `${t.field}${t.batch ? 'b' : 'p'}${t.shape.join('x')}`;

/** R[gen] at this config and these input types, built once (it is a pure function of them). */
export function reverseOf(gen: string, config: Config, inputs: readonly WireType[]): Diagram {
  const key = `${gen}|${canonicalConfig(config)}|${inputs.map(typeKey).join(',')}`;
  let r = reverses.get(key);
  if (!r) {
    const g = getGenerator(gen);
    const full = normaliseConfig(g, config);
    r = g.reverse(full, [...inputs, ...g.type(full, inputs)]);
    reverses.set(key, r);
  }
  return r;
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
  const source = (i: number) => d.boxes[i].source ?? String(i);
  for (const i of order) {
    const box = d.boxes[i];
    const outTypes = box.outputs.map((w) => d.wires[w]);
    const outs = b.boxTyped(
      box.gen,
      box.config,
      box.inputs.map((w) => map[w]),
      outTypes,
      { source: source(i), pass: 'forward' },
    );
    box.outputs.forEach((w, k) => {
      map[w] = outs[k];
    });
  }
  const changes: number[][] = [];
  const arrive = (w: number, c: number) => {
    changes[w] ??= [];
    changes[w].push(c);
  };
  b.inputs(cod(d)).forEach((c, j) => {
    arrive(d.outputs[j], c);
  });
  for (let n = order.length - 1; n >= 0; n--) {
    const i = order[n];
    const box = d.boxes[i];
    if (!box.outputs.some((w) => changes[w])) continue;
    const tag = { source: source(i), pass: 'backward' } as const;
    const douts = box.outputs.map((w) => sumChanges(b, changes[w] ?? [], d.wires[w], tag));
    const rev = reverseOf(
      box.gen,
      box.config,
      box.inputs.map((w) => d.wires[w]),
    );
    const dxs = b.inline(rev, [...box.inputs.map((w) => map[w]), ...douts], tag);
    box.inputs.forEach((w, k) => {
      arrive(w, dxs[k]);
    });
  }
  const dx = d.inputs.map((w) => sumChanges(b, changes[w] ?? [], d.wires[w], { pass: 'backward' }));
  b.outputs(opts.keepForward ? [...d.outputs.map((w) => map[w]), ...dx] : dx);
  const name = opts.keepForward ? 'lens' : 'R';
  return d.term === undefined ? b.build() : b.build(`${name}[${d.term}]`);
}

/** The lens (f, R[f]) as one diagram: inputs (x…, dy…), outputs (y…, dx…). */
export const lensDiagram = (d: Diagram): Diagram => rdiff(d, { keepForward: true });
