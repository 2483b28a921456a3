/**
 * A diagram's outputs printed as formulas over its named inputs, box by box in each box's own
 * notation (notation.ts). An output that another output reads is printed once and then named:
 * `velocity⁺ = γ·velocity + p′`, `p⁺ = p + velocity⁺`. With values at one element, the same
 * formula with numbers: inputs and functions become their values, arithmetic keeps its shape.
 */
import type { Diagram } from '../../core/diagram';
import { getGenerator } from '../../core/generators/index';
import { genName, type PackedDiagram } from '../../core/packed';
import { packedOf } from '../../core/views';
import { ATOM, applyBox, type Printed, printNumber, SIGNED } from './notation';

export interface Formula {
  readonly name: string;
  readonly text: string;
}

/** How wires print: by name and structure, or (with `valueAt`) with numbers substituted. */
export interface Printing {
  readonly names: readonly string[];
  /** Output index ↦ its name; outputs made by a box are referred to by it once printed. */
  readonly outputNames: readonly string[];
  readonly valueAt?: (wire: number) => number;
}

const numberAt = (v: number): Printed => ({ text: printNumber(v), prec: v < 0 ? SIGNED : ATOM });

class Printer {
  private readonly producer: Int32Array;
  private readonly memo = new Map<number, Printed>();
  private readonly named = new Map<number, string>();

  constructor(
    private readonly p: PackedDiagram,
    private readonly how: Printing,
  ) {
    this.producer = new Int32Array(p.nWires).fill(-1);
    for (let i = 0; i < p.boxes.count; i++)
      for (let at = p.boxes.outStart[i]; at < p.boxes.outStart[i + 1]; at++) this.producer[p.boxes.outs[at]] = i;
  }

  /** Output j, then (if a box made it) a name for later outputs to refer to it by. */
  output(j: number): Formula {
    const w = this.p.outputs[j];
    const text = this.wire(w).text;
    if (this.producer[w] >= 0 && !this.named.has(w)) this.named.set(w, this.how.outputNames[j]);
    return { name: this.how.outputNames[j], text };
  }

  /** Output indices, each after the outputs it reads (by the position of the box that made it). */
  order(): number[] {
    const at = (j: number) => this.producer[this.p.outputs[j]];
    return Array.from(this.p.outputs, (_, j) => j).sort((a, b) => at(a) - at(b) || a - b);
  }

  wire(w: number): Printed {
    const name = this.named.get(w);
    if (name !== undefined) return this.how.valueAt ? numberAt(this.how.valueAt(w)) : { text: name, prec: ATOM };
    const known = this.memo.get(w);
    if (known) return known;
    const printed = this.make(w);
    this.memo.set(w, printed);
    return printed;
  }

  private make(w: number): Printed {
    const { p, how } = this;
    const i = this.producer[w];
    if (i < 0) {
      const k = p.inputs.indexOf(w);
      return how.valueAt ? numberAt(how.valueAt(w)) : { text: how.names[k] ?? `w${w}`, prec: ATOM };
    }
    const c = p.boxes;
    const g = getGenerator(genName(c.gen[i]));
    const config = c.configs[c.config[i]];
    const ins = Array.from(c.ins.subarray(c.inStart[i], c.inStart[i + 1]));
    const types = ins.map((v) => p.types[p.wireType[v]]);
    const nOut = c.outStart[i + 1] - c.outStart[i];
    const printed = applyBox(
      g,
      config,
      types,
      ins.map((v) => this.wire(v)),
      w - c.outs[c.outStart[i]],
      nOut,
    );
    // with numbers, a function of something prints as its value; arithmetic keeps its shape
    if (how.valueAt && printed.call) return numberAt(how.valueAt(w));
    return printed;
  }
}

/** One wire of `d` as a formula over its inputs. */
export const printWire = (d: Diagram, how: Printing, w: number): string => new Printer(packedOf(d), how).wire(w).text;

/** The outputs of `d` as formulas over its inputs, in an order where each is printed before it is named. */
export function formulas(d: Diagram, how: Printing): Formula[] {
  const printer = new Printer(packedOf(d), how);
  return printer.order().map((j) => printer.output(j));
}
