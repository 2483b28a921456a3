/**
 * The columns a DiagramBuilder (./builder) writes as it goes, in the layout of ./packed: a box
 * is a few numbers pushed onto typed arrays, never an object, so building 10,000s of boxes costs
 * the same per box as building ten. Generators, configs, wire types and sources are numbered
 * (configs and types by identity, in tables of their own). A new box's output wires are
 * consecutive. Nothing here checks a box: the builder checks everything before it writes.
 */

import type { Config } from './diagram';
import { DiagramError } from './errors';
import { Interner, IntList, type PackedDiagram, sourceText } from './packed';
import type { WireType } from './wire';

export class BuilderColumns {
  /** Each wire's type, as a number of `types`. */
  readonly wireType = new IntList(16);
  readonly types = new Interner<WireType>();
  /** Per box: its generator's number, config, source and pass codes. */
  readonly gen = new IntList();
  readonly config = new IntList();
  readonly configs = new Interner<Config>();
  readonly source = new IntList();
  readonly sources = new Interner<string>();
  readonly pass = new IntList();
  /** Box i reads `ins[inStart[i] … inStart[i + 1]]` and makes `outs[outStart[i] … outStart[i + 1]]`. */
  readonly inStart = new IntList();
  readonly ins = new IntList(16);
  readonly outStart = new IntList();
  readonly outs = new IntList(16);
  /** The diagram's inputs and outputs, in order. */
  readonly boundaryIn = new IntList();
  readonly boundaryOut = new IntList();

  constructor() {
    this.inStart.push(0);
    this.outStart.push(0);
  }

  /** How many boxes have been written. */
  get boxCount(): number {
    return this.gen.length;
  }

  /** The type of a wire written here; throws on anything else. */
  typeOf(wire: number): WireType {
    const t =
      wire >= 0 && wire < this.wireType.length && wire === Math.floor(wire)
        ? this.types.values[this.wireType.data[wire]]
        : undefined;
    if (!t) throw new DiagramError(`no wire ${wire} in this builder`);
    return t;
  }

  /** Ends the box whose inputs and outputs were just pushed. */
  close(gen: number, config: number, source: number, pass: number): void {
    this.gen.push(gen);
    this.config.push(config);
    this.source.push(source);
    this.pass.push(pass);
    this.inStart.push(this.ins.length);
    this.outStart.push(this.outs.length);
  }

  /** This builder's code for the source of a box of `p` with code `code` (packed.ts), or `NO_SOURCE`. */
  sourceCode(code: number, p: PackedDiagram): number {
    return code >= 0 ? this.sources.id(p.boxes.sources[code]) : code;
  }

  /** The source string of a code of this builder. */
  sourceText(code: number): string | undefined {
    return sourceText(code, this.sources.values);
  }

  /** The columns as a packed diagram: exactly sized copies, so the builder may go on. */
  toPacked(): PackedDiagram {
    return {
      nWires: this.wireType.length,
      wireType: this.wireType.toArray(),
      types: this.types.values.slice(),
      boxes: {
        count: this.gen.length,
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
  }
}
