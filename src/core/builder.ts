/**
 * DiagramBuilder: the imperative way to draw a diagram, wire by wire. `box` types its outputs
 * by the generator's type rule and checks everything before it records anything, so a thrown
 * error leaves the builder as it was. Fan-out is allowed (rdiff adds the changes, as R[Δ] says).
 * `inline` splices a whole sub-diagram; most reverse derivatives are written with it. What the
 * builder writes are columns of typed arrays (./builderColumns); splicing and copying boxes of
 * another diagram is ./splice.
 */

import { BuilderColumns } from './builderColumns';
import { normaliseConfig } from './config';
import type { BoxOptions, Config, Diagram } from './diagram';
import type { RuleBuilder } from './generator';
import { getGenerator } from './generators/index';
import { EMPTY, internType, shareEmpty } from './intern';
import { genNumber, NO_SOURCE, type PackedDiagram, passCode } from './packed';
import { copyBox, Splicer } from './splice';
import { cachedTopoIndexOf } from './topology';
import { diagramView, packedOf } from './views';
import type { WireType } from './wire';

export type { BoxOptions } from './diagram';

const NO_OPTIONS: BoxOptions = Object.freeze({});

/** Where `inlineMapped` put a diagram's outputs, wires and boxes (in the builder's numbering). */
export interface InlineMap {
  readonly outputs: number[];
  readonly wires: Int32Array;
  readonly boxes: Int32Array;
}

export class DiagramBuilder implements RuleBuilder {
  private readonly cols = new BuilderColumns();
  private readonly splicer = new Splicer();

  input(type: WireType): number {
    const w = this.cols.wireType.length;
    this.cols.wireType.push(this.cols.types.id(internType(type)));
    this.cols.boundaryIn.push(w);
    return w;
  }

  inputs(types: readonly WireType[]): number[] {
    return types.map((t) => this.input(t));
  }

  typeOf(wire: number): WireType {
    return this.cols.typeOf(wire);
  }

  /** Adds one box of `gen` reading `inputs`; returns its output wires. */
  box(gen: string, inputs: readonly number[], config: Config = EMPTY, opts: BoxOptions = NO_OPTIONS): number[] {
    const first = this.cols.wireType.length;
    return rangeOf(first, this.record(gen, inputs, config, opts));
  }

  /** A box with one output: `b.op('multiply', [d, s])`. */
  op(gen: string, inputs: readonly number[], config: Config = EMPTY, opts: BoxOptions = NO_OPTIONS): number {
    const first = this.cols.wireType.length;
    this.record(gen, inputs, config, opts);
    return first;
  }

  /** Records a box after checking it all; returns how many outputs it has (they start at the old wire count). */
  private record(gen: string, inputs: readonly number[], config: Config, opts: BoxOptions): number {
    const c = this.cols;
    const g = getGenerator(gen);
    const types = inputs.map((w) => c.typeOf(w));
    const full = shareEmpty(normaliseConfig(g, config));
    const outTypes = g.type(full, types);
    const first = c.wireType.length;
    for (let k = 0; k < outTypes.length; k++) c.wireType.push(c.types.id(internType(outTypes[k])));
    for (let k = 0; k < inputs.length; k++) c.ins.push(inputs[k]);
    for (let k = 0; k < outTypes.length; k++) c.outs.push(first + k);
    c.close(
      genNumber(gen),
      c.configs.id(full),
      opts.source === undefined ? NO_SOURCE : c.sources.id(opts.source),
      passCode(opts.pass),
    );
    return outTypes.length;
  }

  /**
   * Copies box `i` of the packed diagram `p` (rdiff's forward pass), reading the first `nIn`
   * wires of `inputs` and with source code `source` in this builder's numbering (`sourceCode`);
   * returns its first output wire — the others follow it. Allocates nothing.
   */
  copyBox(p: PackedDiagram, i: number, inputs: ArrayLike<number>, source: number, pass: number): number {
    return copyBox(this.cols, p, i, inputs, source, pass);
  }

  /** This builder's code for the source of a box of `p` with code `code` (packed.ts), or `NO_SOURCE`. */
  sourceCode(code: number, p: PackedDiagram): number {
    return this.cols.sourceCode(code, p);
  }

  /** The source code of the box made `index`-th (boxes are numbered from 0 in the order made). */
  sourceCodeOf(index: number): number {
    return this.cols.source.data[index];
  }

  /** The source string of a code of this builder. */
  sourceText(code: number): string | undefined {
    return this.cols.sourceText(code);
  }

  /** How many boxes have been recorded. */
  get boxCount(): number {
    return this.cols.boxCount;
  }

  /** Splices `d` with its inputs bound to `inputs`; returns the wires of its outputs. */
  inline(d: Diagram, inputs: readonly number[], opts: BoxOptions = {}): number[] {
    const out = new Array<number>(packedOf(d).outputs.length).fill(0);
    const source = opts.source === undefined ? undefined : this.cols.sources.id(opts.source);
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
    return { outputs, wires: this.splicer.wiresOf(p), boxes };
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
    this.splicer.splice(this.cols, d, inputs, nIn, source, pass, out);
  }

  output(wire: number): void {
    this.cols.typeOf(wire);
    this.cols.boundaryOut.push(wire);
  }

  outputs(wires: readonly number[]): void {
    for (let k = 0; k < wires.length; k++) this.cols.typeOf(wires[k]);
    for (let k = 0; k < wires.length; k++) this.cols.boundaryOut.push(wires[k]);
  }

  build(term?: string): Diagram {
    return diagramView(this.cols.toPacked(), term);
  }
}

/** [first, first + 1, …, first + n − 1]. */
function rangeOf(first: number, n: number): number[] {
  const out = new Array<number>(n);
  for (let k = 0; k < n; k++) out[k] = first + k;
  return out;
}
