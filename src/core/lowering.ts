/**
 * How `lower` (program.ts) makes a Program from a diagram's columns. Every table indexed by
 * wire, buffer or step is a typed array, and so is the Program made (packed.ts): its steps are
 * columns, its configs and sources the diagram's own tables, shared. The diagram's boxes are
 * read in two passes, one back (liveness) and one forward (the steps), the forward pass also
 * checking that the construction order is topological, as `topoIndex` would.
 */
import { StepTable } from './cse';
import { FORWARD, NO_PASS, type PackedDiagram } from './packed';
import type { Program } from './program';
import { programView } from './views';

/** The boxes some wanted output reads, and how many inputs and outputs they have in all. */
interface Liveness {
  readonly box: Uint8Array;
  readonly count: number;
  readonly ins: number;
  readonly outs: number;
}

/** Dead code: walks back from the wanted wires, in the reverse of `order` (`null`: construction order). */
function liveness(p: PackedDiagram, wanted: Int32Array, order: Int32Array | null): Liveness {
  const c = p.boxes;
  const live = new Uint8Array(p.nWires);
  for (let k = 0; k < wanted.length; k++) live[wanted[k]] = 1;
  const box = new Uint8Array(c.count);
  let count = 0;
  let ins = 0;
  let outs = 0;
  for (let n = c.count - 1; n >= 0; n--) {
    const i = order === null ? n : order[n];
    let used = false;
    for (let at = c.outStart[i]; at < c.outStart[i + 1] && !used; at++) used = live[c.outs[at]] === 1;
    if (!used) continue;
    box[i] = 1;
    count++;
    ins += c.inStart[i + 1] - c.inStart[i];
    outs += c.outStart[i + 1] - c.outStart[i];
    for (let at = c.inStart[i]; at < c.inStart[i + 1]; at++) live[c.ins[at]] = 1;
  }
  return { box, count, ins, outs };
}

/**
 * The lowering with boxes visited in `order` (`null`: construction order). With `null`, returns
 * undefined as soon as a box reads a wire no earlier box or input made: the caller then lowers
 * again in Kahn's order (and the liveness computed here, backwards in a wrong order, is dropped).
 */
export function lowerInOrder(p: PackedDiagram, wanted: Int32Array, order: Int32Array | null): Program | undefined {
  const lowering = new Lowering(p, liveness(p, wanted, order), order === null);
  for (let n = 0; n < p.boxes.count; n++) if (!lowering.visit(order === null ? n : order[n])) return undefined;
  return lowering.program(wanted);
}

/** The forward pass's state: wire ↦ buffer, CSE's table, and the steps' columns so far. */
class Lowering {
  /** Wire ↦ buffer (−1: none yet). */
  private readonly bufOf: Int32Array;
  /** In construction order, the wires made so far (the topological check); else undefined. */
  private readonly ready: Uint8Array | undefined;
  private readonly bufferType: Int32Array;
  private nBuffers = 0;
  private readonly inputs: Int32Array;
  private readonly cse: StepTable;
  // the steps' columns, at most `live.count` steps
  private readonly gen: Int32Array;
  private readonly config: Int32Array;
  private readonly source: Int32Array;
  private readonly pass: Uint8Array;
  private readonly inStart: Int32Array;
  private readonly ins: Int32Array;
  private readonly outStart: Int32Array;
  private readonly outs: Int32Array;
  private nSteps = 0;

  constructor(
    private readonly p: PackedDiagram,
    private readonly live: Liveness,
    checkOrder: boolean,
  ) {
    const nLive = live.count;
    const maxBuffers = p.inputs.length + live.outs;
    this.bufOf = new Int32Array(p.nWires).fill(-1);
    this.ready = checkOrder ? new Uint8Array(p.nWires) : undefined;
    this.bufferType = new Int32Array(maxBuffers);
    this.inputs = new Int32Array(p.inputs.length);
    for (let k = 0; k < p.inputs.length; k++) {
      const w = p.inputs[k];
      if (this.ready) this.ready[w] = 1;
      this.bufOf[w] = this.nBuffers;
      this.bufferType[this.nBuffers] = p.wireType[w];
      this.inputs[k] = this.nBuffers++;
    }
    this.cse = new StepTable(nLive, live.ins, maxBuffers);
    this.gen = new Int32Array(nLive);
    this.config = new Int32Array(nLive);
    this.source = new Int32Array(nLive);
    this.pass = new Uint8Array(nLive);
    this.inStart = new Int32Array(nLive + 1);
    this.ins = new Int32Array(live.ins);
    this.outStart = new Int32Array(nLive + 1);
    this.outs = new Int32Array(live.outs);
  }

  /** Box i: a new step, or its outputs bound to an equal earlier step's; false if it reads a wire not made yet. */
  visit(i: number): boolean {
    const c = this.p.boxes;
    const inFrom = c.inStart[i];
    const inTo = c.inStart[i + 1];
    const outFrom = c.outStart[i];
    const outTo = c.outStart[i + 1];
    const ready = this.ready;
    if (ready) {
      for (let at = inFrom; at < inTo; at++) if (!ready[c.ins[at]]) return false;
      for (let at = outFrom; at < outTo; at++) ready[c.outs[at]] = 1;
    }
    if (!this.live.box[i]) return true;
    const bufOf = this.bufOf;
    const same = this.cse.find(c.gen[i], c.configs[c.config[i]], c.ins, inFrom, inTo, bufOf);
    if (same >= 0) {
      for (let at = outFrom; at < outTo; at++) bufOf[c.outs[at]] = same + at - outFrom;
      return true;
    }
    this.addStep(i);
    return true;
  }

  /** Box i as the next step, its outputs in new buffers. */
  private addStep(i: number): void {
    const c = this.p.boxes;
    const bufOf = this.bufOf;
    const n = this.nSteps;
    const first = this.nBuffers;
    const outAt = this.outStart[n];
    for (let at = c.outStart[i]; at < c.outStart[i + 1]; at++) {
      const w = c.outs[at];
      bufOf[w] = this.nBuffers;
      this.bufferType[this.nBuffers] = this.p.wireType[w];
      this.outs[outAt + at - c.outStart[i]] = this.nBuffers++;
    }
    const inAt = this.inStart[n];
    for (let at = c.inStart[i]; at < c.inStart[i + 1]; at++) this.ins[inAt + at - c.inStart[i]] = bufOf[c.ins[at]];
    this.cse.add(first);
    this.gen[n] = c.gen[i];
    this.config[n] = c.config[i];
    this.source[n] = c.source[i];
    this.pass[n] = c.pass[i] === NO_PASS ? FORWARD : c.pass[i];
    this.inStart[n + 1] = inAt + c.inStart[i + 1] - c.inStart[i];
    this.outStart[n + 1] = outAt + c.outStart[i + 1] - c.outStart[i];
    this.nSteps++;
  }

  /** The Program of the steps made, computing the wires `wanted`. */
  program(wanted: Int32Array): Program {
    const p = this.p;
    const n = this.nSteps;
    // CSE merged some live boxes: the columns are cut to the steps made
    const exact = n === this.live.count;
    const cut = <A extends Int32Array | Uint8Array>(a: A, len: number): A => (exact ? a : (a.slice(0, len) as A));
    return programView({
      nBuffers: this.nBuffers,
      bufferType: this.bufferType.slice(0, this.nBuffers),
      types: p.types,
      inputs: this.inputs,
      outputs: wanted.map((w) => this.bufOf[w]),
      steps: {
        count: n,
        gen: cut(this.gen, n),
        config: cut(this.config, n),
        configs: p.boxes.configs,
        inStart: cut(this.inStart, n + 1),
        ins: this.ins.slice(0, this.inStart[n]),
        outStart: cut(this.outStart, n + 1),
        outs: this.outs.slice(0, this.outStart[n]),
        source: cut(this.source, n),
        sources: p.boxes.sources,
        pass: cut(this.pass, n),
      },
      wireBuffer: this.bufOf,
    });
  }
}
