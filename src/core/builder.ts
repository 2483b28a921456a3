/**
 * DiagramBuilder: the imperative way to draw a diagram, wire by wire. `box` types its outputs
 * by the generator's type rule and checks everything before it records anything, so a thrown
 * error leaves the builder as it was. Fan-out is allowed (rdiff adds the changes, as R[Δ] says).
 * `inline` splices a whole sub-diagram; most reverse derivatives are written with it.
 */

import { normaliseConfig } from './config';
import type { BoxOptions, Config, Diagram } from './diagram';
import { boxNames, CompositionError, DiagramError } from './errors';
import type { RuleBuilder } from './generator';
import { getGenerator } from './generators/index';
import { EMPTY, internType, shareEmpty } from './intern';
import { genNumber, Interner, IntList, NO_SOURCE, type PackedDiagram, passCode, sourceText } from './packed';
import { cachedTopoIndexOf } from './topology';
import { diagramView, packedOf } from './views';
import { typeEquals, type WireType } from './wire';

export type { BoxOptions } from './diagram';

const NO_OPTIONS: BoxOptions = Object.freeze({});

/** Where `inlineMapped` put a diagram's outputs, wires and boxes (in the builder's numbering). */
export interface InlineMap {
  readonly outputs: number[];
  readonly wires: Int32Array;
  readonly boxes: Int32Array;
}

/*
 * The builder writes the diagram's columns (packed.ts) as it goes: a box is a few numbers
 * pushed onto typed arrays, never an object, so building 10,000s of boxes costs the same per
 * box as building ten. Generators, configs, wire types and sources are numbered (configs and
 * types by identity, in tables of their own). A new box's output wires are consecutive.
 */
export class DiagramBuilder implements RuleBuilder {
  private readonly wireType = new IntList(16);
  private readonly types = new Interner<WireType>();
  private readonly gen = new IntList();
  private readonly config = new IntList();
  private readonly configs = new Interner<Config>();
  private readonly source = new IntList();
  private readonly sources = new Interner<string>();
  private readonly pass = new IntList();
  private readonly inStart = new IntList();
  private readonly ins = new IntList(16);
  private readonly outStart = new IntList();
  private readonly outs = new IntList(16);
  private readonly boundaryIn = new IntList();
  private readonly boundaryOut = new IntList();
  /** `splice`'s maps, reused from one call to the next: wires, and the spliced diagram's types and configs. */
  private wireMap = new Int32Array(64);
  private typeMap = new Int32Array(8);
  private configMap = new Int32Array(8);

  constructor() {
    this.inStart.push(0);
    this.outStart.push(0);
  }

  input(type: WireType): number {
    const w = this.wireType.length;
    this.wireType.push(this.types.id(internType(type)));
    this.boundaryIn.push(w);
    return w;
  }

  inputs(types: readonly WireType[]): number[] {
    return types.map((t) => this.input(t));
  }

  typeOf(wire: number): WireType {
    const t =
      wire >= 0 && wire < this.wireType.length && wire === Math.floor(wire)
        ? this.types.values[this.wireType.data[wire]]
        : undefined;
    if (!t) throw new DiagramError(`no wire ${wire} in this builder`);
    return t;
  }

  /** Adds one box of `gen` reading `inputs`; returns its output wires. */
  box(gen: string, inputs: readonly number[], config: Config = EMPTY, opts: BoxOptions = NO_OPTIONS): number[] {
    const first = this.wireType.length;
    return rangeOf(first, this.record(gen, inputs, config, opts));
  }

  /** A box with one output: `b.op('multiply', [d, s])`. */
  op(gen: string, inputs: readonly number[], config: Config = EMPTY, opts: BoxOptions = NO_OPTIONS): number {
    const first = this.wireType.length;
    this.record(gen, inputs, config, opts);
    return first;
  }

  /** Records a box after checking it all; returns how many outputs it has (they start at the old wire count). */
  private record(gen: string, inputs: readonly number[], config: Config, opts: BoxOptions): number {
    const g = getGenerator(gen);
    const types = inputs.map((w) => this.typeOf(w));
    const full = shareEmpty(normaliseConfig(g, config));
    const outTypes = g.type(full, types);
    const first = this.wireType.length;
    for (let k = 0; k < outTypes.length; k++) this.wireType.push(this.types.id(internType(outTypes[k])));
    for (let k = 0; k < inputs.length; k++) this.ins.push(inputs[k]);
    for (let k = 0; k < outTypes.length; k++) this.outs.push(first + k);
    this.close(
      genNumber(gen),
      this.configs.id(full),
      opts.source === undefined ? NO_SOURCE : this.sources.id(opts.source),
      passCode(opts.pass),
    );
    return outTypes.length;
  }

  /** Ends the box whose inputs and outputs were just pushed. */
  private close(gen: number, config: number, source: number, pass: number): void {
    this.gen.push(gen);
    this.config.push(config);
    this.source.push(source);
    this.pass.push(pass);
    this.inStart.push(this.ins.length);
    this.outStart.push(this.outs.length);
  }

  /**
   * Copies box `i` of the packed diagram `p` (rdiff's forward pass), reading the first `nIn`
   * wires of `inputs` and with source code `source` in this builder's numbering (`sourceCode`);
   * returns its first output wire — the others follow it. Allocates nothing.
   */
  copyBox(p: PackedDiagram, i: number, inputs: ArrayLike<number>, source: number, pass: number): number {
    const c = p.boxes;
    const first = this.wireType.length;
    const from = c.outStart[i];
    const nOut = c.outStart[i + 1] - from;
    for (let k = 0; k < nOut; k++) this.wireType.push(this.types.id(p.types[p.wireType[c.outs[from + k]]]));
    const nIn = c.inStart[i + 1] - c.inStart[i];
    for (let k = 0; k < nIn; k++) this.ins.push(inputs[k]);
    for (let k = 0; k < nOut; k++) this.outs.push(first + k);
    this.close(c.gen[i], this.configs.id(c.configs[c.config[i]]), source, pass);
    return first;
  }

  /** This builder's code for the source of a box of `p` with code `code` (packed.ts), or `NO_SOURCE`. */
  sourceCode(code: number, p: PackedDiagram): number {
    return code >= 0 ? this.sources.id(p.boxes.sources[code]) : code;
  }

  /** The source code of the box made `index`-th (boxes are numbered from 0 in the order made). */
  sourceCodeOf(index: number): number {
    return this.source.data[index];
  }

  /** The source string of a code of this builder. */
  sourceText(code: number): string | undefined {
    return sourceText(code, this.sources.values);
  }

  /** How many boxes have been recorded. */
  get boxCount(): number {
    return this.gen.length;
  }

  /** Splices `d` with its inputs bound to `inputs`; returns the wires of its outputs. */
  inline(d: Diagram, inputs: readonly number[], opts: BoxOptions = {}): number[] {
    const out = new Array<number>(packedOf(d).outputs.length).fill(0);
    const source = opts.source === undefined ? undefined : this.sources.id(opts.source);
    this.splice(d, inputs, inputs.length, source, opts.pass === undefined ? undefined : passCode(opts.pass), out);
    return out;
  }

  /**
   * `inline`, also saying where everything of `d` went: `wires[w]` is this builder's wire for
   * wire w of `d`, `boxes[i]` its box for box i — the correspondence a source map is made of.
   */
  inlineMapped(d: Diagram, inputs: readonly number[], opts: BoxOptions = {}): InlineMap {
    const p = packedOf(d);
    const firstBox = this.boxCount;
    const outputs = this.inline(d, inputs, opts);
    const order = cachedTopoIndexOf(p);
    const boxes = new Int32Array(p.boxes.count);
    for (let n = 0; n < boxes.length; n++) boxes[order === null ? n : order[n]] = firstBox + n;
    return { outputs, wires: this.wireMap.slice(0, p.nWires), boxes };
  }

  /**
   * `inline` for the compiler's own loops: binds `d`'s inputs to the first `nIn` of `inputs`,
   * writes the wires of its outputs into `out` (from 0), and allocates nothing but what it
   * records. `source` (a code of this builder) and `pass` (a pass code), when given, override
   * those of `d`'s boxes.
   */
  splice(
    d: Diagram,
    inputs: ArrayLike<number>,
    nIn: number,
    source: number | undefined,
    pass: number | undefined,
    out: number[],
  ): void {
    const p = packedOf(d);
    this.checkSpliceInputs(d, p, inputs, nIn);
    const c = p.boxes;
    this.clearMaps(p);
    const map = this.wireMap;
    const typeMap = this.typeMap;
    const configMap = this.configMap;
    // everything is checked before anything is recorded: an output no box or input makes, a
    // box reading such a wire (the topological order throws) — the builder is then left as it was
    for (let at = 0; at < c.outs.length; at++) map[c.outs[at]] = 0;
    for (let i = 0; i < p.inputs.length; i++) map[p.inputs[i]] = inputs[i];
    for (let k = 0; k < p.outputs.length; k++)
      if (!(map[p.outputs[k]] >= 0))
        throw new DiagramError(`output wire ${p.outputs[k]} of the inlined diagram has no producer`);
    const order = cachedTopoIndexOf(p);
    for (let n = 0; n < c.count; n++) {
      const i = order === null ? n : order[n];
      const first = this.wireType.length;
      for (let at = c.outStart[i]; at < c.outStart[i + 1]; at++) {
        const w = c.outs[at];
        map[w] = this.wireType.length;
        const t = p.wireType[w];
        if (typeMap[t] < 0) typeMap[t] = this.types.id(p.types[t]);
        this.wireType.push(typeMap[t]);
      }
      for (let at = c.inStart[i]; at < c.inStart[i + 1]; at++) this.ins.push(map[c.ins[at]]);
      for (let w = first; w < this.wireType.length; w++) this.outs.push(w);
      const k = c.config[i];
      if (configMap[k] < 0) configMap[k] = this.configs.id(c.configs[k]);
      this.close(c.gen[i], configMap[k], source ?? this.sourceCode(c.source[i], p), pass ?? c.pass[i]);
    }
    for (let k = 0; k < p.outputs.length; k++) out[k] = map[p.outputs[k]];
  }

  /** Throws, naming both sides, unless the first `nIn` wires have the types of `d`'s inputs. */
  private checkSpliceInputs(d: Diagram, p: PackedDiagram, inputs: ArrayLike<number>, nIn: number): void {
    let matches = nIn === p.inputs.length;
    for (let k = 0; k < nIn; k++) {
      const t = this.typeOf(inputs[k]);
      if (matches) {
        const want = p.types[p.wireType[p.inputs[k]]];
        matches = t === want || typeEquals(t, want);
      }
    }
    if (!matches)
      throw new CompositionError(
        Array.from({ length: nIn }, (_, k) => this.typeOf(inputs[k])),
        Array.from(p.inputs, (w) => p.types[p.wireType[w]]),
        boxNames(d.boxes),
        'the wires given do not match the inputs of the inlined diagram',
      );
  }

  /** Grows `splice`'s maps to fit `p` and clears them to −1 over its wires, types and configs. */
  private clearMaps(p: PackedDiagram): void {
    const c = p.boxes;
    if (this.wireMap.length < p.nWires) this.wireMap = new Int32Array(Math.max(p.nWires, 2 * this.wireMap.length));
    if (this.typeMap.length < p.types.length)
      this.typeMap = new Int32Array(Math.max(p.types.length, 2 * this.typeMap.length));
    if (this.configMap.length < c.configs.length)
      this.configMap = new Int32Array(Math.max(c.configs.length, 2 * this.configMap.length));
    this.typeMap.fill(-1, 0, p.types.length);
    this.configMap.fill(-1, 0, c.configs.length);
    this.wireMap.fill(-1, 0, p.nWires);
  }

  output(wire: number): void {
    this.typeOf(wire);
    this.boundaryOut.push(wire);
  }

  outputs(wires: readonly number[]): void {
    for (let k = 0; k < wires.length; k++) this.typeOf(wires[k]);
    for (let k = 0; k < wires.length; k++) this.boundaryOut.push(wires[k]);
  }

  build(term?: string): Diagram {
    const n = this.gen.length;
    const p: PackedDiagram = {
      nWires: this.wireType.length,
      wireType: this.wireType.toArray(),
      types: this.types.values.slice(),
      boxes: {
        count: n,
        gen: this.gen.toArray(),
        config: this.config.toArray(),
        configs: this.configs.values.slice(),
        inStart: this.inStart.toArray(),
        ins: this.ins.toArray(),
        outStart: this.outStart.toArray(),
        outs: this.outs.toArray(),
        source: this.source.toArray(),
        sources: this.sources.values.slice(),
        pass: Uint8Array.from(this.pass.toArray()),
      },
      inputs: this.boundaryIn.toArray(),
      outputs: this.boundaryOut.toArray(),
    };
    return diagramView(p, term);
  }
}

/** [first, first + 1, …, first + n − 1]. */
function rangeOf(first: number, n: number): number[] {
  const out = new Array<number>(n);
  for (let k = 0; k < n; k++) out[k] = first + k;
  return out;
}
