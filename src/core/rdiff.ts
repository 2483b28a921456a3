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
import type { Diagram, Pass } from './diagram';
import { sumChanges } from './generators/helpers';
import { BACKWARD, FORWARD, genName, indexSource, NO_SOURCE, type PackedDiagram } from './packed';
import { reverseByObject } from './reverse';
import { topoIndex } from './topology';
import { packedOf } from './views';
import type { WireType } from './wire';

export interface RdiffOptions {
  /** Also output the forward outputs, before the changes: the whole lens (y…, dx…). */
  readonly keepForward?: boolean;
}

const BACKWARD_ONLY = Object.freeze({ pass: 'backward' as Pass });

export function rdiff(d: Diagram, opts: RdiffOptions = {}): Diagram {
  // in construction order, checked on the way; where that is not topological, in Kahn's
  return rdiffInOrder(d, opts, null, null) ?? (rdiffInOrder(d, opts, topoIndex(d), null) as Diagram);
}

/**
 * Where rdiff put each thing of d in R[d]: the forward copy of each wire, the sum of the
 * changes reaching each wire, and the box of d each box of R[d] stands for. Plain data, so a
 * source map can say which wire of a drawing a value or a change belongs to.
 */
export interface RdiffMap {
  /** Wire w of d ↦ the wire of R[d] holding its forward value. */
  readonly value: Int32Array;
  /** Wire w of d ↦ the wire of R[d] holding the sum of the changes reaching it (−1: none is computed). */
  readonly change: Int32Array;
  /**
   * Box of R[d] ↦ the box of d it comes from: its forward copy, a box of its reverse, or the
   * sum of the changes at one of its outputs (−1: a sum at an input of d).
   */
  readonly box: Int32Array;
}

/** `rdiff`, and the map from d to R[d]: the same diagram, only told where things went. */
export function rdiffMapped(
  d: Diagram,
  opts: RdiffOptions = {},
): { readonly diagram: Diagram; readonly map: RdiffMap } {
  const nWires = packedOf(d).nWires;
  const tried = new MapRecord(nWires);
  const diagram = rdiffInOrder(d, opts, null, tried);
  if (diagram !== undefined) return { diagram, map: tried.done() };
  const again = new MapRecord(nWires);
  return { diagram: rdiffInOrder(d, opts, topoIndex(d), again) as Diagram, map: again.done() };
}

/** What `rdiffMapped` collects as rdiff goes (see RdiffMap). */
class MapRecord {
  value: Int32Array = new Int32Array(0);
  readonly change: Int32Array;
  private readonly box: number[] = [];

  constructor(nWires: number) {
    this.change = new Int32Array(nWires).fill(-1);
  }

  /** Boxes of R[d] from the last one recorded up to `count` stand for box `i` of d. */
  boxesUpTo(count: number, i: number): void {
    while (this.box.length < count) this.box.push(i);
  }

  done(): RdiffMap {
    return { value: this.value, change: this.change, box: Int32Array.from(this.box) };
  }
}

/**
 * rdiff with boxes visited in `order` (`null`: construction order). With `null`, returns
 * undefined as soon as a box reads a wire no earlier box or input made, as `topoIndex` would
 * find: the caller then starts again in Kahn's order. It reads `d`'s columns and writes the
 * builder's (packed.ts); scratch lists and typed arrays are reused box after box.
 */
function rdiffInOrder(
  d: Diagram,
  opts: RdiffOptions,
  order: Int32Array | null,
  record: MapRecord | null,
): Diagram | undefined {
  const p = packedOf(d);
  const b = new DiagramBuilder();
  const forward = copyForward(p, b, order);
  if (forward === undefined) return undefined;
  const changes = new Changes(p, b);
  for (let j = 0; j < p.outputs.length; j++) changes.arrive(p.outputs[j], b.input(typeOf(p, p.outputs[j])));
  if (record) {
    record.value = forward.map;
    for (let n = 0; n < p.boxes.count; n++) {
      const i = order === null ? n : order[n];
      record.boxesUpTo(forward.fwd[i] + 1, i);
    }
  }
  copyBackward(p, b, order, forward, changes, record);
  if (opts.keepForward) for (let j = 0; j < p.outputs.length; j++) b.output(forward.map[p.outputs[j]]);
  for (let i = 0; i < p.inputs.length; i++) {
    const total = changes.total(p.inputs[i], NO_SOURCE);
    b.output(total);
    if (record) record.change[p.inputs[i]] = total;
  }
  record?.boxesUpTo(b.boxCount, -1);
  const name = opts.keepForward ? 'lens' : 'R';
  return d.term === undefined ? b.build() : b.build(`${name}[${d.term}]`);
}

const typeOf = (p: PackedDiagram, w: number): WireType => p.types[p.wireType[w]];

/** Where the forward copy put things: wire of d ↦ its copy, box i of d ↦ the builder's box fwd[i]. */
interface ForwardCopy {
  readonly map: Int32Array;
  readonly fwd: Int32Array;
}

/** d's inputs and boxes copied into `b` (the forward pass), or undefined when `order` is not topological. */
function copyForward(p: PackedDiagram, b: DiagramBuilder, order: Int32Array | null): ForwardCopy | undefined {
  const c = p.boxes;
  // wire of d ↦ its forward copy (−1: not made yet, which in construction order is the check)
  const map = new Int32Array(p.nWires).fill(-1);
  for (let i = 0; i < p.inputs.length; i++) map[p.inputs[i]] = b.input(typeOf(p, p.inputs[i]));
  // the forward copy of box i is the builder's box fwd[i]: its source, kept for the backward pass
  const fwd = new Int32Array(c.count);
  // a scratch list, reused box after box (the builder copies what it keeps)
  const ins: number[] = [];
  for (let n = 0; n < c.count; n++) {
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
  return { map, fwd };
}

/** Each box reached by a change, last to first: its reverse spliced in, its changes sent to its inputs. */
function copyBackward(
  p: PackedDiagram,
  b: DiagramBuilder,
  order: Int32Array | null,
  { map, fwd }: ForwardCopy,
  changes: Changes,
  record: MapRecord | null,
): void {
  const c = p.boxes;
  // scratch lists, reused box after box (the builder copies what it keeps)
  const ins: number[] = [];
  const types: WireType[] = [];
  const dxs: number[] = [];
  for (let n = c.count - 1; n >= 0; n--) {
    const i = order === null ? n : order[n];
    const inFrom = c.inStart[i];
    const nIn = c.inStart[i + 1] - inFrom;
    const outFrom = c.outStart[i];
    const nOut = c.outStart[i + 1] - outFrom;
    let reached = false;
    for (let k = 0; k < nOut && !reached; k++) reached = changes.reached(c.outs[outFrom + k]);
    if (!reached) continue;
    const source = b.sourceCodeOf(fwd[i]);
    for (let k = 0; k < nIn; k++) {
      types[k] = typeOf(p, c.ins[inFrom + k]);
      ins[k] = map[c.ins[inFrom + k]];
    }
    for (let k = 0; k < nOut; k++) ins[nIn + k] = changes.total(c.outs[outFrom + k], source);
    const rev = reverseByObject(genName(c.gen[i]), c.configs[c.config[i]], types, nIn);
    b.splice(rev, ins, nIn + nOut, source, BACKWARD, dxs);
    for (let k = 0; k < nIn; k++) changes.arrive(c.ins[inFrom + k], dxs[k]);
    if (record) {
      record.boxesUpTo(b.boxCount, i);
      for (let k = 0; k < nOut; k++) record.change[c.outs[outFrom + k]] = ins[nIn + k];
    }
  }
}

/**
 * The changes arriving at each wire: the first in a typed array, any further ones (fan-out) in
 * a list, so a chain of 10,000 boxes keeps no 10,000 small arrays alive through the pass.
 */
class Changes {
  private readonly first: Int32Array;
  private readonly more: number[][] = [];

  constructor(
    private readonly p: PackedDiagram,
    private readonly b: DiagramBuilder,
  ) {
    this.first = new Int32Array(p.nWires).fill(-1);
  }

  arrive(w: number, change: number): void {
    if (this.first[w] < 0) this.first[w] = change;
    else if (this.more[w] === undefined) this.more[w] = [change];
    else this.more[w].push(change);
  }

  reached(w: number): boolean {
    return this.first[w] >= 0;
  }

  /** The sum of the changes at `w` (a box only where several arrive, or none). */
  total(w: number, source: number): number {
    const first = this.first[w];
    if (first >= 0 && this.more[w] === undefined) return first;
    const changes = first < 0 ? [] : [first, ...this.more[w]];
    const text = this.b.sourceText(source);
    const opts = text === undefined ? BACKWARD_ONLY : { source: text, pass: 'backward' as Pass };
    return sumChanges(this.b, changes, typeOf(this.p, w), opts);
  }
}

/** The lens (f, R[f]) as one diagram: inputs (x…, dy…), outputs (y…, dx…). */
export const lensDiagram = (d: Diagram): Diagram => rdiff(d, { keepForward: true });
