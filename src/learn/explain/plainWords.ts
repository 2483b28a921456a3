/**
 * Types in plain words, for a class that has not met ℝ^n yet (docs/notation.md): a wire of type
 * `ℝ^8` carries "8 numbers", a parameter `ℝ^{2×8}ᵖ` "16 weights", a linear box is
 * "2 inputs → 8 outputs, 16 weights". Each function has its mathematical twin (`printType`,
 * `printSignature`) and `typeIn` picks one by the notation chosen; both say the same sizes.
 */
import { printProduct, printType, type WireType } from '../../core/wire';

export type Notation = 'plain' | 'mathematical';
export const NOTATIONS: readonly Notation[] = ['plain', 'mathematical'];

/** A size as written: a number, or a name (`n`, `in`) when the sizes stand for config fields. */
type Names = ReadonlyMap<number, string>;
const NONE: Names = new Map();

/**
 * Whole numbers grouped as English writes them (`1,024`), by hand: a page's first Intl formatter
 * loads its locale's data, which cost the first screen's wire labels tens of milliseconds
 * (docs/architecture.md, "The first screen"). Anything else is written as `String` writes it.
 */
function grouped(n: number): string {
  const s = String(n);
  if (!/^\d+$/.test(s)) return s;
  let out = s.slice(0, s.length % 3 || 3);
  for (let i = out.length; i < s.length; i += 3) out += `,${s.slice(i, i + 3)}`;
  return out;
}

/** `n` items: singular for exactly 1. */
const count = (n: string, noun: string): string => `${n} ${noun}${n === '1' ? '' : 's'}`;

/**
 * How many values a shape holds: their product when every size is a number (`2×8` → `16`), the
 * sizes joined by × when one is a name (`in×out`).
 */
export function sizeWords(shape: readonly number[], names: Names = NONE): string {
  if (shape.length === 0) return '1';
  if (shape.some((s) => names.has(s))) return shape.map((s) => names.get(s) ?? String(s)).join('×');
  return grouped(shape.reduce((a, b) => a * b, 1));
}

/** The grid a multi-axis wire is laid out in, `(28×28)`, or nothing for a list. */
const grid = (t: WireType, names: Names): string =>
  t.shape.length > 1 && !t.shape.some((s) => names.has(s)) ? ` (${t.shape.join('×')})` : '';

/**
 * The noun of what a wire carries: numbers or bits. A wire without a batch axis carries weights
 * (a parameter, as on the canvas); on a box's side it is a "shared" input or output, one value
 * for every example of the batch (sumBatch, broadcastBatch).
 */
function noun(t: WireType, role: 'wire' | 'input' | 'output'): string {
  if (!t.batch && role !== 'wire') return `shared ${role}${t.field === 'z2' ? ' bit' : ''}`;
  if (!t.batch) return t.field === 'z2' ? 'weight bit' : 'weight';
  const thing = t.field === 'z2' ? 'bit' : role === 'wire' ? 'number' : '';
  if (role === 'wire') return thing;
  return thing ? `${role} ${thing}` : role;
}

/** What one wire carries: `8 numbers`, `784 numbers (28×28)`, `16 weights`, `4 bits`, `1 number`. */
export function wireWords(t: WireType, names: Names = NONE): string {
  return count(sizeWords(t.shape, names), noun(t, 'wire')) + (t.batch ? grid(t, names) : '');
}

/**
 * One side of a box: `2 inputs`; wires of one kind as a sum of their sizes, `n + n inputs`;
 * wires of different kinds one by one, `8 input bits and 1 input`; `nothing`.
 */
function sideWords(ts: readonly WireType[], role: 'input' | 'output', names: Names): string {
  if (ts.length === 0) return 'nothing';
  const nouns = new Set(ts.map((t) => noun(t, role)));
  if (ts.length > 1 && nouns.size === 1 && ts.every((t) => t.shape.length <= 1)) {
    return `${ts.map((t) => sizeWords(t.shape, names)).join(' + ')} ${noun(ts[0], role)}s`;
  }
  return ts.map((t) => count(sizeWords(t.shape, names), noun(t, role)) + (t.batch ? grid(t, names) : '')).join(' and ');
}

/** The weights a box takes, all parameter wires together: `16 weights`, `in×out weights`. */
function weightWords(params: readonly WireType[], names: Names): string {
  const words = params.map((p) => sizeWords(p.shape, names));
  const numeric = words.every((w) => /^[\d,]+$/.test(w));
  if (!numeric) return params.map((p) => count(sizeWords(p.shape, names), noun(p, 'wire'))).join(' and ');
  const total = params.reduce((a, p) => a + p.shape.reduce((x, y) => x * y, 1), 0);
  return count(grouped(total), params.every((p) => p.field === 'z2') ? 'weight bit' : 'weight');
}

/** A box's signature in words: `2 inputs → 8 outputs, 16 weights`. */
export function signatureWords(
  dom: readonly WireType[],
  cod: readonly WireType[],
  params: readonly WireType[] = [],
  names: Names = NONE,
): string {
  const main = `${sideWords(dom, 'input', names)} → ${sideWords(cod, 'output', names)}`;
  return params.length === 0 ? main : `${main}, ${weightWords(params, names)}`;
}

/** A wire type in the notation chosen. */
export const typeIn = (notation: Notation, t: WireType): string => (notation === 'plain' ? wireWords(t) : printType(t));

/**
 * A wire's type in the notation chosen, in at most `chars` characters where it can be: a label
 * between two boxes on one row has the gap between them and no more (docs/notation.md). In plain
 * words the grid goes first (`2,028 numbers (26×26×3)` → `2,028 numbers`), then the noun
 * (`2,028`); the mathematical type is written whole, being short already.
 */
export function typeWithin(notation: Notation, t: WireType, chars: number): string {
  if (notation === 'mathematical') return printType(t);
  const full = wireWords(t);
  if (full.length <= chars) return full;
  const plain = count(sizeWords(t.shape), noun(t, 'wire'));
  return plain.length <= chars ? plain : sizeWords(t.shape);
}

/**
 * A box's ports and their sizes, as the inspector heads it: `4 inputs, 3 outputs, 12 weights`
 * in plain words, `ℝ^4 → ℝ^3, P = ℝ^{4×3}ᵖ` in mathematics.
 */
export function boxSizesIn(
  notation: Notation,
  dom: readonly WireType[],
  cod: readonly WireType[],
  params: readonly WireType[],
): string {
  if (notation === 'mathematical') {
    const main = `${printProduct(dom)} → ${printProduct(cod)}`;
    return params.length === 0 ? main : `${main}, P = ${printProduct(params)}`;
  }
  const sides = `${sideWords(dom, 'input', NONE)}, ${sideWords(cod, 'output', NONE)}`;
  return params.length === 0 ? sides : `${sides}, ${weightWords(params, NONE)}`;
}

/** A type as printType prints it: `ℝ^3`, `ℤ₂^{2×8}ᵖ`, `ℝ`, or with sizes named by letters, `ℝ^{n×m}ᵖ`. */
const PRINTED_TYPE = /(ℝ|ℤ₂)(?:\^(\w+|\{[\w×]+\}))?(ᵖ)?/gu;

/** A printed type's plain words: `ℝ^{2×8}ᵖ` → `16 weights`, `ℝ^{n×m}ᵖ` → `n×m weights`. */
function printedTypeWords(field: string, sizes: string | undefined, p: string | undefined): string {
  const parts = sizes ? sizes.replace(/[{}]/g, '').split('×') : [];
  // a size named by a letter stands for itself: number it apart from every real size
  const names = new Map<number, string>();
  const shape = parts.map((s, i) => {
    if (/^\d+$/.test(s)) return Number(s);
    names.set(-1 - i, s);
    return -1 - i;
  });
  const t: WireType = { field: field === 'ℝ' ? 'real' : 'z2', shape, batch: p === undefined };
  // a message compares shapes: weights keep their grid too, or 4×3 and 3×4 would read alike
  return t.batch ? wireWords(t, names) : wireWords(t, names) + grid(t, names);
}

/**
 * A compiler's message in the notation chosen: in plain words every printed type becomes what it
 * carries (`ℝ^3 cannot feed ℝ^4` → `3 numbers cannot feed 4 numbers`), a product `⊗` an `and`.
 * The compiler writes one message; the screen reads it either way.
 */
export function messageIn(notation: Notation, message: string): string {
  if (notation === 'mathematical') return message;
  return message
    .replace(/a real \(ℝ\) wire/g, 'a wire of numbers')
    .replace(/a ℤ₂ wire/g, 'a wire of bits')
    .replace(PRINTED_TYPE, (_, field: string, sizes?: string, p?: string) => printedTypeWords(field, sizes, p))
    .replace(/ ⊗ /g, ' and ');
}
