/**
 * The compiler's storage: a diagram's boxes and a Program's steps as columns of typed arrays
 * (struct of arrays), not as one object per box. `Diagram` and `Program` stay the public,
 * plain-data interfaces: views.ts makes what the builder, `rdiff` and `lower` hand out read as
 * them, while the compiler reads and writes these columns and never makes per-box objects.
 *
 * Why. Built as objects, a 10,000-box diagram is ~200,000 small objects that outlive several
 * scavenges: V8 copies them, promotes them onto freshly mapped old-generation pages (a page
 * fault per 4 KiB, ~20 µs each on this VM) and reclaims them only at a mark-compact, so the
 * time per box grew with the size (1.0 µs at 1,000 boxes, 3–4 µs at 10,000, 10 µs at
 * 100,000). Columns are a few typed arrays whose memory malloc reuses from one compile to the
 * next, and the garbage collector has nothing in them to trace.
 */
import type { Config, Pass } from './diagram';
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
}
