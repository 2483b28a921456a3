/**
 * DiagramBuilder: the imperative way to draw a diagram, wire by wire. `box` types its outputs
 * by the generator's type rule and checks everything before it records anything, so a thrown
 * error leaves the builder as it was. Fan-out is allowed (rdiff adds the changes, as R[Δ] says).
 * `inline` splices a whole sub-diagram; most reverse derivatives are written with it.
 */

import { normaliseConfig } from './config';
import type { Box, Config, Diagram, Pass } from './diagram';
import { boxNames, CompositionError, DiagramError } from './errors';
import { getGenerator } from './registry';
import { topoOrder } from './topology';
import { typeEquals, type WireType } from './wire';

export interface BoxOptions {
  readonly source?: string;
  readonly pass?: Pass;
}

export class DiagramBuilder {
  private readonly wires: WireType[] = [];
  private readonly boxes: Box[] = [];
  private readonly ins: number[] = [];
  private readonly outs: number[] = [];

  input(type: WireType): number {
    this.wires.push(type);
    this.ins.push(this.wires.length - 1);
    return this.wires.length - 1;
  }

  inputs(types: readonly WireType[]): number[] {
    return types.map((t) => this.input(t));
  }

  typeOf(wire: number): WireType {
    const t = this.wires[wire];
    if (!t) throw new DiagramError(`no wire ${wire} in this builder`);
    return t;
  }

  /** Adds one box; returns its output wires. */
  box(gen: string, config: Config, inputs: readonly number[], opts: BoxOptions = {}): number[] {
    return [...this.record(gen, config, inputs, opts)];
  }

  /** `box` without the copy of the outputs it returns (the box's own list: read it, never keep it). */
  private record(gen: string, config: Config, inputs: readonly number[], opts: BoxOptions): readonly number[] {
    const g = getGenerator(gen);
    const types = inputs.map((w) => this.typeOf(w));
    const full = shareEmpty(normaliseConfig(g, config));
    const outTypes = g.type(full, types);
    const outputs = new Array<number>(outTypes.length);
    for (let k = 0; k < outTypes.length; k++) outputs[k] = this.wires.push(internType(outTypes[k])) - 1;
    this.boxes.push(makeBox(gen, full, [...inputs], outputs, opts.source, opts.pass));
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
    const outputs = new Array<number>(outTypes.length);
    for (let k = 0; k < outTypes.length; k++) outputs[k] = this.wires.push(outTypes[k]) - 1;
    this.boxes.push(makeBox(gen, config, inputs.slice(), outputs, opts.source, opts.pass));
    return outputs.slice();
  }

  /** A box with one output: `b.op('multiply', [d, s])`. */
  op(gen: string, inputs: readonly number[], config: Config = EMPTY, opts: BoxOptions = NO_OPTIONS): number {
    return this.record(gen, config, inputs, opts)[0];
  }

  /** Splices `d` with its inputs bound to `inputs`; returns the wires of its outputs. */
  inline(d: Diagram, inputs: readonly number[], opts: BoxOptions = {}): number[] {
    let matches = inputs.length === d.inputs.length;
    for (let k = 0; k < inputs.length && matches; k++) {
      const t = this.typeOf(inputs[k]);
      matches = t === d.wires[d.inputs[k]] || typeEquals(t, d.wires[d.inputs[k]]);
    }
    if (!matches)
      throw new CompositionError(
        inputs.map((w) => this.typeOf(w)),
        d.inputs.map((w) => d.wires[w]),
        boxNames(d.boxes),
        'the wires given do not match the inputs of the inlined diagram',
      );
    // a plain array: inline runs once per box of a reverse pass, and typed arrays cost far more to make
    const map = new Array<number>(d.wires.length).fill(-1);
    for (let i = 0; i < d.inputs.length; i++) map[d.inputs[i]] = inputs[i];
    for (const i of orderOf(d)) {
      const b = d.boxes[i];
      const outputs = new Array<number>(b.outputs.length);
      for (let k = 0; k < outputs.length; k++) {
        const w = b.outputs[k];
        map[w] = this.wires.push(d.wires[w]) - 1;
        outputs[k] = map[w];
      }
      const ins = new Array<number>(b.inputs.length);
      for (let k = 0; k < ins.length; k++) ins[k] = map[b.inputs[k]];
      this.boxes.push(makeBox(b.gen, b.config, ins, outputs, opts.source ?? b.source, opts.pass ?? b.pass));
    }
    return d.outputs.map((w) => {
      if (map[w] < 0) throw new DiagramError(`output wire ${w} of the inlined diagram has no producer`);
      return map[w];
    });
  }

  output(wire: number): void {
    this.typeOf(wire);
    this.outs.push(wire);
  }

  outputs(wires: readonly number[]): void {
    for (const w of wires) this.typeOf(w);
    this.outs.push(...wires);
  }

  build(term?: string): Diagram {
    const d: Diagram = {
      wires: [...this.wires],
      boxes: [...this.boxes],
      inputs: [...this.ins],
      outputs: [...this.outs],
    };
    return term === undefined ? d : { ...d, term };
  }
}

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
 * are the same plain data; the garbage collector just has far less to copy.
 */
const interned = new Map<string, WireType>();
function internType(t: WireType): WireType {
  const s = t.shape;
  const key = `${t.field}${t.batch ? 'b' : 'p'}${s.length === 1 ? s[0] : s.join('x')}`;
  const known = interned.get(key);
  if (known !== undefined) return known;
  if (interned.size < 4096) interned.set(key, t);
  return t;
}

/** A box with `source` and `pass` present only when given (diagrams stay plain, comparable data). */
function makeBox(
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
  source: string | undefined,
  pass: Pass | undefined,
): Box {
  if (source === undefined && pass === undefined) return { gen, config, inputs, outputs };
  if (source === undefined) return { gen, config, inputs, outputs, pass };
  if (pass === undefined) return { gen, config, inputs, outputs, source };
  return { gen, config, inputs, outputs, source, pass };
}

/**
 * Topological order of a diagram that is inlined again and again (the cached reverse rules):
 * computed once per diagram object, which is immutable by convention.
 */
const orders = new WeakMap<Diagram, readonly number[]>();
function orderOf(d: Diagram): readonly number[] {
  let order = orders.get(d);
  if (!order) {
    order = topoOrder(d);
    orders.set(d, order);
  }
  return order;
}
