/**
 * Views: how the columns of packed.ts read as the plain data `Diagram` and `Program` promise.
 * A view is a plain object whose lists — a diagram's `wires`, `boxes`, `inputs`, `outputs`; a
 * Program's `bufferTypes`, `inputs`, `outputs`, `steps`, `wireBuffer` — are own, enumerable
 * properties made from the columns on first read and kept, in the key order of the literal they
 * stand for. So JSON, `structuredClone`, spreading and deep equality see the same data as if the
 * objects had been built, and only a reader pays for them: the compiler itself reads the
 * columns (`packedOf`). A diagram written by hand is packed on first use.
 */
import type { Box, Config, Diagram } from './diagram';
import {
  type BoxColumns,
  genName,
  genNumber,
  Interner,
  NO_SOURCE,
  type PackedDiagram,
  type PackedProgram,
  passCode,
  passOf,
  sourceText,
} from './packed';
import type { Program, Step } from './program';
import type { WireType } from './wire';

/** The columns behind a view, and the lists made from them so far (by property). */
interface Backing<P> {
  readonly packed: P;
  readonly made: Map<string, unknown>;
}

const diagrams = new WeakMap<object, Backing<PackedDiagram>>();
const programs = new WeakMap<object, Backing<PackedProgram>>();

/** An own, enumerable property whose value `make` builds from the columns on first read. */
function lazy<P>(backings: WeakMap<object, Backing<P>>, key: string, make: (p: P) => unknown): PropertyDescriptor {
  return {
    enumerable: true,
    get(this: object) {
      const b = backings.get(this) as Backing<P>;
      let v = b.made.get(key);
      if (v === undefined) {
        v = make(b.packed);
        b.made.set(key, v);
      }
      return v;
    },
  };
}

const DIAGRAM_VIEW: PropertyDescriptorMap = {
  wires: lazy(diagrams, 'wires', (p) => typesOf(p.wireType, p.types)),
  boxes: lazy(diagrams, 'boxes', (p) => boxesOf(p.boxes)),
  inputs: lazy(diagrams, 'inputs', (p) => Array.from(p.inputs)),
  outputs: lazy(diagrams, 'outputs', (p) => Array.from(p.outputs)),
};

const PROGRAM_VIEW: PropertyDescriptorMap = {
  bufferTypes: lazy(programs, 'bufferTypes', (p) => typesOf(p.bufferType, p.types)),
  inputs: lazy(programs, 'inputs', (p) => Array.from(p.inputs)),
  outputs: lazy(programs, 'outputs', (p) => Array.from(p.outputs)),
  steps: lazy(programs, 'steps', stepsOf),
  wireBuffer: lazy(programs, 'wireBuffer', (p) => Array.from(p.wireBuffer)),
};

/** The Diagram a packed diagram is: `{ wires, boxes, inputs, outputs, term? }`. */
export function diagramView(p: PackedDiagram, term?: string): Diagram {
  const d = Object.defineProperties({}, DIAGRAM_VIEW) as { -readonly [K in keyof Diagram]: Diagram[K] };
  if (term !== undefined) d.term = term;
  diagrams.set(d, { packed: p, made: new Map() });
  return d;
}

/** The Program a packed one is: `{ nBuffers, bufferTypes, inputs, outputs, steps, wireBuffer }`. */
export function programView(p: PackedProgram): Program {
  const prog = Object.defineProperties({ nBuffers: p.nBuffers }, PROGRAM_VIEW) as Program;
  programs.set(prog, { packed: p, made: new Map() });
  return prog;
}

/** `d` with another term: the same columns when `d` is a view. */
export function withTermText(d: Diagram, term: string): Diagram {
  const b = diagrams.get(d);
  return b === undefined ? { ...d, term } : diagramView(b.packed, term);
}

/** The columns of a diagram: a view's own, or a plain diagram's packed once (and remembered). */
export function packedOf(d: Diagram): PackedDiagram {
  let b = diagrams.get(d);
  if (b === undefined) {
    b = { packed: packDiagram(d), made: new Map() };
    diagrams.set(d, b);
  }
  return b.packed;
}

/** The columns of a Program made by `lower`, or undefined for one built otherwise. */
export const packedProgramOf = (p: Program): PackedProgram | undefined => programs.get(p)?.packed;

/** Which of a view's lists have been made so far (for tests: the compiler must make none). */
export function listsMade(view: Diagram | Program): string[] {
  return [...((diagrams.get(view) ?? programs.get(view))?.made.keys() ?? [])];
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
    inStart[i + 1] = inStart[i] + boxes[i].inputs.length;
    outStart[i + 1] = outStart[i] + boxes[i].outputs.length;
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

// ——— the lists, made from the columns ———

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

/** Boxes with `source` and `pass` present only when set, as a literal would have them. */
function boxesOf(c: BoxColumns): Box[] {
  const out = new Array<Box>(c.count);
  for (let i = 0; i < c.count; i++) {
    const box: { -readonly [K in keyof Box]: Box[K] } = {
      gen: genName(c.gen[i]),
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
      gen: genName(c.gen[i]),
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
