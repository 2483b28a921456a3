/**
 * The compiler's storage: a diagram's boxes and a Program's steps as columns of typed arrays
 * (struct of arrays), not as one object per box. `Diagram` and `Program` stay the public,
 * plain-data interfaces; what the builder, `rdiff` and `lower` hand out is a *view*: a plain
 * object whose `boxes`/`wires` (`steps`/`bufferTypes`/`wireBuffer`) are own, enumerable
 * properties made on first read — so JSON, `structuredClone`, spreading and deep equality see
 * the same data as before — while the compiler reads and writes the columns and never makes
 * those objects. A plain diagram written by hand is packed on first use (`packedOf`).
 *
 * Why. Built as objects, a 10,000-box diagram is ~200,000 small objects that outlive several
 * scavenges: V8 copies them, promotes them onto freshly mapped old-generation pages (a page
 * fault per 4 KiB, ~20 µs each on this VM) and reclaims them only at a mark-compact, so the
 * time per box grew with the size (1.0 µs at 1,000 boxes, 3–4 µs at 10,000, 10 µs at
 * 100,000). Columns are a few typed arrays whose memory malloc reuses from one compile to the
 * next, and the garbage collector has nothing in them to trace.
 */
import type { Box, Config, Diagram, Pass } from './diagram';
import type { WireType } from './wire';

/** A growable column of int32. */
export class IntList {
  data: Int32Array;
  length = 0;

  constructor(capacity = 8) {
    this.data = new Int32Array(capacity);
  }

  push(v: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = v;
  }

  /** Room for `n` more values without regrowing. */
  reserve(n: number): void {
    if (this.length + n > this.data.length) this.grow(this.length + n);
  }

  /** An exactly sized copy. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }

  private grow(atLeast: number): void {
    const next = new Int32Array(Math.max(atLeast, 2 * this.data.length));
    next.set(this.data);
    this.data = next;
  }
}

/** Values numbered in the order first seen (by identity); the last one answered without a lookup. */
export class Interner<T> {
  readonly values: T[] = [];
  private readonly ids = new Map<T, number>();
  private last: T | undefined;
  private lastId = -1;

  id(v: T): number {
    if (v === this.last) return this.lastId;
    let id = this.ids.get(v);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(v);
      this.ids.set(v, id);
    }
    this.last = v;
    this.lastId = id;
    return id;
  }
}

/** Generator ids, numbered process-wide: a column holds numbers, the names live here once. */
const genNames: string[] = [];
const genNumbers = new Map<string, number>();
export function genNumber(gen: string): number {
  let n = genNumbers.get(gen);
  if (n === undefined) {
    n = genNames.length;
    genNames.push(gen);
    genNumbers.set(gen, n);
  }
  return n;
}
export const genName = (n: number): string => genNames[n];

/*
 * Source codes: −1 is no source; k ≥ 0 is `sources[k]`; k ≤ −2 is the string `String(−2 − k)`,
 * the index rdiff names a box by when the box had no source — a number until someone reads it.
 */
export const NO_SOURCE = -1;
export const indexSource = (i: number): number => -2 - i;
export function sourceText(code: number, sources: readonly string[]): string | undefined {
  return code === NO_SOURCE ? undefined : code >= 0 ? sources[code] : String(-2 - code);
}

/** Pass codes: 0 none, 1 forward, 2 backward. */
export const NO_PASS = 0;
export const FORWARD = 1;
export const BACKWARD = 2;
const PASSES: readonly (Pass | undefined)[] = [undefined, 'forward', 'backward'];
export const passOf = (code: number): Pass | undefined => PASSES[code];
export const passCode = (pass: Pass | undefined): number =>
  pass === undefined ? NO_PASS : pass === 'forward' ? FORWARD : BACKWARD;

/**
 * Boxes (or steps) as columns: box i is generator `gen[i]` with config `configs[config[i]]`,
 * reading `ins[inStart[i] … inStart[i + 1])` and making `outs[outStart[i] … outStart[i + 1])`.
 */
export interface BoxColumns {
  readonly count: number;
  readonly gen: Int32Array;
  readonly config: Int32Array;
  readonly configs: readonly Config[];
  readonly inStart: Int32Array;
  readonly ins: Int32Array;
  readonly outStart: Int32Array;
  readonly outs: Int32Array;
  /** Source codes (above) into `sources`. */
  readonly source: Int32Array;
  readonly sources: readonly string[];
  /** Pass codes (above). */
  readonly pass: Uint8Array;
}

export interface PackedDiagram {
  readonly nWires: number;
  /** Wire w has type `types[wireType[w]]`. */
  readonly wireType: Int32Array;
  readonly types: readonly WireType[];
  readonly boxes: BoxColumns;
  readonly inputs: Int32Array;
  readonly outputs: Int32Array;
  /** Materialised on first read of the view's lists. */
  wiresView?: readonly WireType[];
  boxesView?: readonly Box[];
  inputsView?: readonly number[];
  outputsView?: readonly number[];
}

export interface PackedProgram {
  readonly nBuffers: number;
  /** Buffer k has type `types[bufferType[k]]`. */
  readonly bufferType: Int32Array;
  readonly types: readonly WireType[];
  readonly inputs: Int32Array;
  readonly outputs: Int32Array;
  /** The steps; a step without a pass code is forward. */
  readonly steps: BoxColumns;
  /** The buffer of each wire of the diagram lowered, −1 where the wire was dead. */
  readonly wireBuffer: Int32Array;
  bufferTypesView?: readonly WireType[];
  inputsView?: readonly number[];
  outputsView?: readonly number[];
  stepsView?: readonly Step[];
  wireBufferView?: readonly number[];
}

/**
 * One kernel call of a Program. Its lists are read, never written: equal ones may be one
 * array (steps share `types`).
 */
export interface Step {
  readonly gen: string;
  readonly config: Config;
  readonly inputs: readonly number[];
  readonly outputs: readonly number[];
  /** Types of the input buffers (what `forward` needs). */
  readonly types: readonly WireType[];
  readonly source?: string;
  readonly pass: Pass;
}

export interface Program {
  readonly nBuffers: number;
  readonly bufferTypes: readonly WireType[];
  /** One buffer per input of the diagram, in order (dead inputs included). */
  readonly inputs: readonly number[];
  readonly outputs: readonly number[];
  readonly steps: readonly Step[];
  /** The buffer holding each wire of the diagram, or -1 where the wire was dead. */
  readonly wireBuffer: readonly number[];
}

// ——— views ———

const packedDiagrams = new WeakMap<Diagram, PackedDiagram>();
const packedPrograms = new WeakMap<Program, PackedProgram>();

const DIAGRAM_VIEW: PropertyDescriptorMap = {
  wires: {
    enumerable: true,
    get(this: Diagram) {
      const p = packedDiagrams.get(this) as PackedDiagram;
      p.wiresView ??= typesOf(p.wireType, p.types);
      return p.wiresView;
    },
  },
  boxes: {
    enumerable: true,
    get(this: Diagram) {
      const p = packedDiagrams.get(this) as PackedDiagram;
      p.boxesView ??= boxesOf(p.boxes);
      return p.boxesView;
    },
  },
  inputs: {
    enumerable: true,
    get(this: Diagram) {
      const p = packedDiagrams.get(this) as PackedDiagram;
      p.inputsView ??= Array.from(p.inputs);
      return p.inputsView;
    },
  },
  outputs: {
    enumerable: true,
    get(this: Diagram) {
      const p = packedDiagrams.get(this) as PackedDiagram;
      p.outputsView ??= Array.from(p.outputs);
      return p.outputsView;
    },
  },
};

/** The Diagram a packed diagram is: `{ wires, boxes, inputs, outputs, term? }`, the lists made on first read. */
export function diagramView(p: PackedDiagram, term?: string): Diagram {
  const d = Object.defineProperties({}, DIAGRAM_VIEW) as { -readonly [K in keyof Diagram]: Diagram[K] };
  if (term !== undefined) d.term = term;
  packedDiagrams.set(d, p);
  return d;
}

/** `d` with another term: the same columns when `d` is a view. */
export function withTermText(d: Diagram, term: string): Diagram {
  const p = packedDiagrams.get(d);
  return p === undefined ? { ...d, term } : diagramView(p, term);
}

/** The columns of a diagram: a view's own, or a plain diagram's packed once (and remembered). */
export function packedOf(d: Diagram): PackedDiagram {
  let p = packedDiagrams.get(d);
  if (p === undefined) {
    p = packDiagram(d);
    packedDiagrams.set(d, p);
  }
  return p;
}

function packDiagram(d: Diagram): PackedDiagram {
  const types = new Interner<WireType>();
  const wireType = new Int32Array(d.wires.length);
  for (let w = 0; w < d.wires.length; w++) wireType[w] = types.id(d.wires[w]);
  return {
    nWires: d.wires.length,
    wireType,
    types: types.values,
    boxes: packBoxes(d.boxes),
    inputs: Int32Array.from(d.inputs),
    outputs: Int32Array.from(d.outputs),
  };
}

function packBoxes(boxes: readonly Box[]): BoxColumns {
  const n = boxes.length;
  const gen = new Int32Array(n);
  const config = new Int32Array(n);
  const source = new Int32Array(n);
  const pass = new Uint8Array(n);
  const inStart = new Int32Array(n + 1);
  const outStart = new Int32Array(n + 1);
  const configs = new Interner<Config>();
  const sources = new Interner<string>();
  for (let i = 0; i < n; i++) {
    const b = boxes[i];
    inStart[i + 1] = inStart[i] + b.inputs.length;
    outStart[i + 1] = outStart[i] + b.outputs.length;
  }
  const ins = new Int32Array(inStart[n]);
  const outs = new Int32Array(outStart[n]);
  for (let i = 0; i < n; i++) {
    const b = boxes[i];
    gen[i] = genNumber(b.gen);
    config[i] = configs.id(b.config);
    source[i] = b.source === undefined ? NO_SOURCE : sources.id(b.source);
    pass[i] = passCode(b.pass);
    ins.set(b.inputs, inStart[i]);
    outs.set(b.outputs, outStart[i]);
  }
  return {
    count: n,
    gen,
    config,
    configs: configs.values,
    inStart,
    ins,
    outStart,
    outs,
    source,
    sources: sources.values,
    pass,
  };
}

const PROGRAM_VIEW: PropertyDescriptorMap = {
  bufferTypes: {
    enumerable: true,
    get(this: Program) {
      const p = packedPrograms.get(this) as PackedProgram;
      p.bufferTypesView ??= typesOf(p.bufferType, p.types);
      return p.bufferTypesView;
    },
  },
  inputs: {
    enumerable: true,
    get(this: Program) {
      const p = packedPrograms.get(this) as PackedProgram;
      p.inputsView ??= Array.from(p.inputs);
      return p.inputsView;
    },
  },
  outputs: {
    enumerable: true,
    get(this: Program) {
      const p = packedPrograms.get(this) as PackedProgram;
      p.outputsView ??= Array.from(p.outputs);
      return p.outputsView;
    },
  },
  steps: {
    enumerable: true,
    get(this: Program) {
      const p = packedPrograms.get(this) as PackedProgram;
      p.stepsView ??= stepsOf(p);
      return p.stepsView;
    },
  },
  wireBuffer: {
    enumerable: true,
    get(this: Program) {
      const p = packedPrograms.get(this) as PackedProgram;
      p.wireBufferView ??= Array.from(p.wireBuffer);
      return p.wireBufferView;
    },
  },
};

/** The Program a packed one is: `{ nBuffers, bufferTypes, inputs, outputs, steps, wireBuffer }`, lists made on first read. */
export function programView(p: PackedProgram): Program {
  const prog = { nBuffers: p.nBuffers } as { -readonly [K in keyof Program]: Program[K] };
  Object.defineProperties(prog, PROGRAM_VIEW);
  packedPrograms.set(prog, p);
  return prog;
}

/** The columns of a Program made by `lower`, or undefined for one built otherwise. */
export const packedProgramOf = (p: Program): PackedProgram | undefined => packedPrograms.get(p);

// ——— materialisation ———

function typesOf(ids: Int32Array, types: readonly WireType[]): WireType[] {
  const out = new Array<WireType>(ids.length);
  for (let k = 0; k < ids.length; k++) out[k] = types[ids[k]];
  return out;
}

function listOf(a: Int32Array, from: number, to: number): number[] {
  const out = new Array<number>(to - from);
  for (let k = from; k < to; k++) out[k - from] = a[k];
  return out;
}

function boxesOf(c: BoxColumns): Box[] {
  const out = new Array<Box>(c.count);
  for (let i = 0; i < c.count; i++) {
    const box: { -readonly [K in keyof Box]: Box[K] } = {
      gen: genNames[c.gen[i]],
      config: c.configs[c.config[i]],
      inputs: listOf(c.ins, c.inStart[i], c.inStart[i + 1]),
      outputs: listOf(c.outs, c.outStart[i], c.outStart[i + 1]),
    };
    const source = sourceText(c.source[i], c.sources);
    if (source !== undefined) box.source = source;
    const pass = passOf(c.pass[i]);
    if (pass !== undefined) box.pass = pass;
    out[i] = box;
  }
  return out;
}

function stepsOf(p: PackedProgram): Step[] {
  const c = p.steps;
  const lists = new TypeLists(p.bufferType, p.types);
  const out = new Array<Step>(c.count);
  for (let i = 0; i < c.count; i++) {
    const inputs = listOf(c.ins, c.inStart[i], c.inStart[i + 1]);
    out[i] = {
      gen: genNames[c.gen[i]],
      config: c.configs[c.config[i]],
      inputs,
      outputs: listOf(c.outs, c.outStart[i], c.outStart[i + 1]),
      types: lists.of(inputs),
      source: sourceText(c.source[i], c.sources),
      pass: passOf(c.pass[i]) ?? 'forward',
    };
  }
  return out;
}

/**
 * One frozen list per distinct sequence of input types, so that the steps of a Program share a
 * handful of `types` arrays; the list made last for each arity answers repeats without a lookup.
 */
class TypeLists {
  private readonly last: (readonly WireType[] | undefined)[] = [];
  private readonly known = new Map<string, readonly WireType[]>();
  constructor(
    private readonly bufferType: Int32Array,
    private readonly types: readonly WireType[],
  ) {}

  of(ins: readonly number[]): readonly WireType[] {
    const n = ins.length;
    const last = n < 8 ? this.last[n] : undefined;
    if (last !== undefined) {
      let same = true;
      for (let k = 0; k < n && same; k++) same = last[k] === this.types[this.bufferType[ins[k]]];
      if (same) return last;
    }
    let key = '';
    for (let k = 0; k < n; k++) key += `${this.bufferType[ins[k]]},`;
    let list = this.known.get(key);
    if (list === undefined) {
      list = Object.freeze(ins.map((b) => this.types[this.bufferType[b]]));
      this.known.set(key, list);
    }
    if (n < 8) this.last[n] = list;
    return list;
  }
}
