/**
 * DiagramBuilder: the imperative way to draw a diagram, wire by wire. `box` types its outputs
 * by the generator's type rule and checks everything before it records anything, so a thrown
 * error leaves the builder as it was. Fan-out is allowed (rdiff adds the changes, as R[Δ] says).
 * `inline` splices a whole sub-diagram; most reverse derivatives are written with it.
 */

import { normaliseConfig } from './config';
import type { Box, Config, Diagram, Pass } from './diagram';
import { boxNames, CompositionError, DiagramError } from './errors';
import { ChunkedList, numbers, rangeOf } from './flat';
import { getGenerator } from './registry';
import { topoIndex } from './topology';
import { typeEquals, type WireType } from './wire';

export interface BoxOptions {
  readonly source?: string;
  readonly pass?: Pass;
}

/*
 * Wires and boxes are kept in chunked lists (flat.ts), never in one growing array: a diagram of
 * 10,000s of boxes would otherwise regrow a large object again and again, and the boxes made
 * after a scavenge promoted it would be kept alive by it long after the builder is gone. A new
 * box's output wires are consecutive: the box's outputs are `first … first + n − 1`.
 */
export class DiagramBuilder {
  private readonly wires = new ChunkedList<WireType>();
  private readonly boxes = new ChunkedList<Box>();
  private readonly ins = new ChunkedList<number>();
  private readonly outs = new ChunkedList<number>();
  /** `splice`'s wire map, reused from one call to the next. */
  private wireMap: Int32Array | undefined;
  /** Wire ↦ 1 + the box whose only output it is (0: none such); see `add`. */
  private producer = NO_PRODUCERS;

  input(type: WireType): number {
    const w = this.wires.length;
    this.wires.push(type);
    this.ins.push(w);
    return w;
  }

  inputs(types: readonly WireType[]): number[] {
    return types.map((t) => this.input(t));
  }

  typeOf(wire: number): WireType {
    const t = wire >= 0 && wire < this.wires.length && wire === Math.floor(wire) ? this.wires.at(wire) : undefined;
    if (!t) throw new DiagramError(`no wire ${wire} in this builder`);
    return t;
  }

  /** Adds one box; returns its output wires. */
  box(gen: string, config: Config, inputs: readonly number[], opts: BoxOptions = {}): number[] {
    return this.record(gen, config, inputs, opts).slice();
  }

  /** `box` without the copy of the outputs it returns (the box's own list: read it, never keep it). */
  private record(gen: string, config: Config, inputs: readonly number[], opts: BoxOptions): readonly number[] {
    const g = getGenerator(gen);
    const types = inputs.map((w) => this.typeOf(w));
    const full = shareEmpty(normaliseConfig(g, config));
    const outTypes = g.type(full, types);
    const first = this.wires.length;
    for (let k = 0; k < outTypes.length; k++) this.wires.push(internType(outTypes[k]));
    const outputs = rangeOf(first, outTypes.length);
    this.add(
      makeBox(
        gen,
        full,
        inputs.length === 1 ? this.listOfOne(inputs[0]) : inputs.slice(),
        outputs,
        opts.source,
        opts.pass,
      ),
    );
    return outputs;
  }

  /**
   * Records a box whose output types are already known, without running its type rule: for
   * copying boxes out of a diagram that is already well-typed (rdiff's forward pass).
   */
  boxTyped(
    gen: string,
    config: Config,
    inputs: readonly number[],
    outTypes: readonly WireType[],
    opts: BoxOptions = {},
  ): number[] {
    const first = this.copyBox(gen, config, inputs, inputs.length, outTypes, outTypes.length, opts.source, opts.pass);
    return rangeOf(first, outTypes.length);
  }

  /**
   * `boxTyped` for the compiler's own loops: the first `nIn` of `inputs` and the first `nOut` of
   * `outTypes` (scratch lists the caller reuses), and the box's first output wire returned —
   * its outputs are that wire and the `nOut − 1` after it. Nothing else is allocated.
   */
  copyBox(
    gen: string,
    config: Config,
    inputs: ArrayLike<number>,
    nIn: number,
    outTypes: ArrayLike<WireType>,
    nOut: number,
    source: string | undefined,
    pass: Pass | undefined,
  ): number {
    const first = this.wires.length;
    for (let k = 0; k < nOut; k++) this.wires.push(outTypes[k]);
    let ins: number[];
    if (nIn === 1) ins = this.listOfOne(inputs[0]);
    else {
      ins = numbers(nIn);
      for (let k = 0; k < nIn; k++) ins[k] = inputs[k];
    }
    this.add(makeBox(gen, config, ins, rangeOf(first, nOut), source, pass));
    return first;
  }

  /** A box with one output: `b.op('multiply', [d, s])`. */
  op(gen: string, inputs: readonly number[], config: Config = EMPTY, opts: BoxOptions = NO_OPTIONS): number {
    return this.record(gen, config, inputs, opts)[0];
  }

  /** The source recorded on the box made `index`-th (boxes are numbered from 0 in the order made). */
  sourceOf(index: number): string | undefined {
    return this.boxes.at(index).source;
  }

  /** How many boxes have been recorded. */
  get boxCount(): number {
    return this.boxes.length;
  }

  /** Splices `d` with its inputs bound to `inputs`; returns the wires of its outputs. */
  inline(d: Diagram, inputs: readonly number[], opts: BoxOptions = {}): number[] {
    const out = numbers(d.outputs.length);
    this.splice(d, inputs, inputs.length, opts.source, opts.pass, out);
    return out;
  }

  /**
   * `inline` for the compiler's own loops: binds `d`'s inputs to the first `nIn` of `inputs`,
   * writes the wires of its outputs into `out` (from 0), and allocates nothing but the boxes
   * and wires it records. `source` and `pass`, when given, override those of `d`'s boxes.
   */
  splice(
    d: Diagram,
    inputs: ArrayLike<number>,
    nIn: number,
    source: string | undefined,
    pass: Pass | undefined,
    out: number[],
  ): void {
    let matches = nIn === d.inputs.length;
    for (let k = 0; k < nIn; k++) {
      const t = this.typeOf(inputs[k]);
      if (matches) matches = t === d.wires[d.inputs[k]] || typeEquals(t, d.wires[d.inputs[k]]);
    }
    if (!matches)
      throw new CompositionError(
        Array.from({ length: nIn }, (_, k) => this.typeOf(inputs[k])),
        d.inputs.map((w) => d.wires[w]),
        boxNames(d.boxes),
        'the wires given do not match the inputs of the inlined diagram',
      );
    const nWires = d.wires.length;
    if (this.wireMap === undefined || this.wireMap.length < nWires)
      this.wireMap = new Int32Array(Math.max(nWires, 2 * (this.wireMap?.length ?? 0), 64));
    const map = this.wireMap;
    map.fill(-1, 0, nWires);
    for (let i = 0; i < d.inputs.length; i++) map[d.inputs[i]] = inputs[i];
    const order = orderOf(d);
    for (let n = 0; n < d.boxes.length; n++) {
      const b = d.boxes[order === IDENTITY ? n : order[n]];
      const first = this.wires.length;
      for (let k = 0; k < b.outputs.length; k++) {
        const w = b.outputs[k];
        map[w] = first + k;
        this.wires.push(d.wires[w]);
      }
      let ins: number[];
      if (b.inputs.length === 1) ins = this.listOfOne(map[b.inputs[0]]);
      else {
        ins = numbers(b.inputs.length);
        for (let k = 0; k < ins.length; k++) ins[k] = map[b.inputs[k]];
      }
      this.add(makeBox(b.gen, b.config, ins, rangeOf(first, b.outputs.length), source ?? b.source, pass ?? b.pass));
    }
    for (let k = 0; k < d.outputs.length; k++) {
      const w = map[d.outputs[k]];
      if (w < 0) throw new DiagramError(`output wire ${d.outputs[k]} of the inlined diagram has no producer`);
      out[k] = w;
    }
  }

  /**
   * Records a box. A box with one output makes the list `[wire]` of that wire, and every box
   * that reads only that wire is given the same list (`listOfOne`): a diagram's lists are read,
   * never written, and a chain of 10,000 boxes then makes half as many of them.
   */
  private add(box: Box): void {
    if (box.outputs.length === 1) {
      const w = box.outputs[0];
      if (this.producer.length <= w) {
        const grown = new Int32Array(Math.max(64, 2 * w));
        grown.set(this.producer);
        this.producer = grown;
      }
      this.producer[w] = this.boxes.length + 1;
    }
    this.boxes.push(box);
  }

  /** The list `[wire]`: the outputs of the box that made only `wire`, else a new list. */
  private listOfOne(wire: number): number[] {
    const p = wire < this.producer.length ? this.producer[wire] : 0;
    return p > 0 ? (this.boxes.at(p - 1).outputs as number[]) : rangeOf(wire, 1);
  }

  output(wire: number): void {
    this.typeOf(wire);
    this.outs.push(wire);
  }

  outputs(wires: readonly number[]): void {
    for (let k = 0; k < wires.length; k++) this.typeOf(wires[k]);
    for (let k = 0; k < wires.length; k++) this.outs.push(wires[k]);
  }

  build(term?: string): Diagram {
    const d: Diagram = {
      wires: this.wires.toArray(),
      boxes: this.boxes.toArray(),
      inputs: this.ins.toArray(),
      outputs: this.outs.toArray(),
    };
    return term === undefined ? d : { ...d, term };
  }
}

const NO_PRODUCERS = new Int32Array(0);

/**
 * One frozen `{}` for every box without config: most boxes of a big diagram (σ, tanh, add), and
 * each distinct config object costs a canonical-key string and a weak-map entry in rdiff and CSE.
 */
const EMPTY: Config = Object.freeze({});
const NO_OPTIONS: BoxOptions = Object.freeze({});
function shareEmpty(c: Config): Config {
  if (c === EMPTY) return c;
  for (const _ in c) return c;
  return Object.getPrototypeOf(c) === Object.prototype ? EMPTY : c;
}

/**
 * The one shared object for a wire type structurally equal to `t` (`t` itself the first time):
 * a diagram of 10,000 boxes then holds a handful of type objects, not one per wire. The values
 * are the same plain data; the garbage collector just has far less to copy. A type equal to the
 * one interned last (most type rules hand back their input's type) is answered without a key.
 */
const interned = new Map<string, WireType>();
let lastInterned: WireType | undefined;
function internType(t: WireType): WireType {
  const last = lastInterned;
  if (t === last) return t;
  if (last !== undefined && t.field === last.field && t.batch === last.batch && sameShape(t.shape, last.shape))
    return last;
  const s = t.shape;
  const key = `${t.field}${t.batch ? 'b' : 'p'}${s.length === 1 ? s[0] : s.join('x')}`;
  let known = interned.get(key);
  if (known === undefined) {
    known = t;
    if (interned.size < 4096) interned.set(key, t);
  }
  lastInterned = known;
  return known;
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * A box with `source` and `pass` present only when given (diagrams stay plain, comparable data):
 * a plain object — prototype `Object.prototype`, own fields in the order of the literal
 * `{ gen, config, inputs, outputs, source, pass }` — made by a constructor call, which gives V8
 * no allocation site to pretenure (see flat.ts).
 */
function makeBox(
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
  source: string | undefined,
  pass: Pass | undefined,
): Box {
  if (source === undefined && pass === undefined) return new BoxObject(gen, config, inputs, outputs);
  if (source === undefined) return new BoxWithPass(gen, config, inputs, outputs, pass as Pass);
  if (pass === undefined) return new BoxWithSource(gen, config, inputs, outputs, source);
  return new BoxWithBoth(gen, config, inputs, outputs, source, pass);
}

type Fields = { -readonly [K in keyof Box]: Box[K] };
type BoxConstructor<Extra extends unknown[]> = new (
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
  ...extra: Extra
) => Box;

const BoxObject = function (
  this: Fields,
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
) {
  this.gen = gen;
  this.config = config;
  this.inputs = inputs;
  this.outputs = outputs;
} as unknown as BoxConstructor<[]>;
const BoxWithPass = function (
  this: Fields,
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
  pass: Pass,
) {
  this.gen = gen;
  this.config = config;
  this.inputs = inputs;
  this.outputs = outputs;
  this.pass = pass;
} as unknown as BoxConstructor<[Pass]>;
const BoxWithSource = function (
  this: Fields,
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
  source: string,
) {
  this.gen = gen;
  this.config = config;
  this.inputs = inputs;
  this.outputs = outputs;
  this.source = source;
} as unknown as BoxConstructor<[string]>;
const BoxWithBoth = function (
  this: Fields,
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
  source: string,
  pass: Pass,
) {
  this.gen = gen;
  this.config = config;
  this.inputs = inputs;
  this.outputs = outputs;
  this.source = source;
  this.pass = pass;
} as unknown as BoxConstructor<[string, Pass]>;
for (const f of [BoxObject, BoxWithPass, BoxWithSource, BoxWithBoth]) f.prototype = Object.prototype;

/**
 * Topological order of a diagram that is inlined again and again (the cached reverse rules):
 * computed once per diagram object, which is immutable by convention. `IDENTITY` stands for
 * the construction order, when it already is one.
 */
const IDENTITY = new Int32Array(0);
const orders = new WeakMap<Diagram, Int32Array>();
function orderOf(d: Diagram): Int32Array {
  let order = orders.get(d);
  if (order === undefined) {
    order = topoIndex(d) ?? IDENTITY;
    orders.set(d, order);
  }
  return order;
}
