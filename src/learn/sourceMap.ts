/**
 * The source map of a training step: for every buffer of the unfused step Program, what of the
 * drawing it holds — the value of a drawn port (and the wires leaving it), the change a drawn
 * port sends back (and the wire into it), a learnt parameter, optimiser state, or something
 * inside a box — and for every step, the drawn box and the learner part it comes from. Plain,
 * JSON-serialisable data made once per learner, so it can cross to the page with a trace.
 * How it is made: stepSources.ts. See docs/architecture.md, "What a buffer is on the drawing".
 */
import type { PortRef } from '../io/document';

export type Pass = 'forward' | 'backward';

/** Which lens of `optimiser ▷ (model ; loss ; α)` a step or buffer belongs to. */
export type Part = 'model' | 'loss' | 'learning-rate' | 'optimiser';
export const PARTS: readonly Part[] = ['model', 'loss', 'learning-rate', 'optimiser'];

/**
 * What a buffer holds:
 * - `value`: the value of the drawn output port `port` (a box's output, a data or label input,
 *   a parameter's owner), carried by `wires`, all the drawn wires leaving it;
 * - `copy`: the compiler's copy of a value read by several ports, the one for input `port`;
 * - `change`: the change the box owning input `port` sends back through it (along `wires`, the
 *   drawn wire into it, if any);
 * - `sum`: the change of the output `port`: the sum of the changes of the wires leaving it;
 * - `stored`, `update`: a learnt value as stored before the step (where the optimiser's get
 *   changes it) and after it;
 * - `state`, `hyper`: the optimiser's state and the hyper-parameters (`name`);
 * - `inside`: anything else a box computes on the way (a loss's terms, a reverse rule's factors).
 */
export type BufferKind = 'value' | 'copy' | 'change' | 'sum' | 'stored' | 'update' | 'state' | 'hyper' | 'inside';

export interface BufferRole {
  readonly pass: Pass;
  readonly kind: BufferKind;
  readonly part: Part;
  readonly port?: PortRef;
  readonly wires?: readonly string[];
  /** The learnt parameter (`owner.port`) it is the value, change, state or update of. */
  readonly param?: string;
  /** The state or hyper-parameter's name (`velocity`, `learningRate`). */
  readonly name?: string;
  /** The box on the top-level canvas (a group, for a box inside one) and the box itself. */
  readonly outerBox: string;
  readonly innerBox: string;
}

export interface StepSource {
  readonly pass: Pass;
  readonly part: Part;
  readonly outerBox: string;
  readonly innerBox: string;
  /** For model steps: the box of the compiled model diagram whose forward or reverse it runs. */
  readonly modelBox?: number;
}

export interface SourceMap {
  /** Buffer id ↦ what it holds (several things at once where a rule passes a wire on unchanged). */
  readonly buffers: readonly (readonly BufferRole[])[];
  readonly steps: readonly StepSource[];
  /** Drawn wire id ↦ its value's buffer (−1: dead code, never computed) and the changes sent back along it. */
  readonly wires: Readonly<Record<string, { readonly value: number; readonly changes: readonly number[] }>>;
  /**
   * Wire of the compiled model diagram ↦ the buffer of its value and of its change (−1: not
   * computed), for what reads the model box by box (a caption's numbers).
   */
  readonly model: { readonly value: readonly number[]; readonly change: readonly number[] };
  /** Box id ↦ the groups it is drawn in, outermost first (top-level boxes are absent). */
  readonly groups: Readonly<Record<string, readonly string[]>>;
  /** The drawn ids of the loss, learning-rate and optimiser boxes, or TRAINING_SETTINGS. */
  readonly learner: Readonly<Record<Exclude<Part, 'model'>, string>>;
}

/**
 * How drawStep (learner.ts) tells the source map what it drew: the part of each box of the step
 * diagram, the model's wires' values and changes in it, and the step wire of l′.
 */
export interface StepWiring {
  /** Model wire ↦ step wire of its value. */
  readonly value: Int32Array;
  /** Model wire ↦ step wire of its change (−1: none is computed). */
  readonly change: Int32Array;
  /** Step box ↦ the model box it runs the forward or reverse of (−1: none). */
  readonly modelBox: Int32Array;
  /** Step box ↦ index into PARTS. */
  readonly part: Uint8Array;
  readonly lossChange: number;
}

/** The part of each box drawn, by where the drawing was when it was drawn. */
export class PartMarks {
  private readonly starts: number[] = [];
  private readonly parts: number[] = [];

  constructor(private readonly count: () => number) {}

  /** The boxes drawn from now on belong to `part`. */
  now(part: Part): void {
    this.starts.push(this.count());
    this.parts.push(PARTS.indexOf(part));
  }

  done(): Uint8Array {
    const out = new Uint8Array(this.count());
    this.starts.forEach((from, k) => {
      out.fill(this.parts[k], from, this.starts[k + 1] ?? out.length);
    });
    return out;
  }
}
