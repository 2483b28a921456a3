/**
 * Helpers for the compiler's big lists. A JS array of more than 16,384 elements (128 KiB) is a
 * *large object* to V8: each one is a fresh mapping of memory, page-faulted in as it is written
 * and unmapped when it dies, so a list regrown by `push` pays that again at every growth; and
 * when one outlives a scavenge it moves to the old generation, where every young object it
 * points to is kept alive by the next scavenges even after the array is dead. So the lists the
 * compiler hands out (a Program's steps, a Diagram's boxes) are filled in chunks of regular size
 * and copied into one exactly-sized array at the very end.
 */

/** Elements per chunk: 64 KiB of pointers, well under V8's large-object threshold. */
export const CHUNK = 8192;

/**
 * A list filled in chunks of `CHUNK` elements; `toArray` makes the one array, once, at the end.
 * Given the final length up front, every chunk is made at its exact size. Otherwise the first
 * chunk grows as an array does while it is short (a small list stays small) and is then made
 * full-sized at once, as is every later chunk: a long list regrows nothing.
 */
export class ChunkedList<T> {
  private readonly full: T[][] = [];
  private last: T[];
  private lastLength = 0;
  private growing: boolean;
  length = 0;

  constructor(private readonly capacity = -1) {
    this.growing = capacity < 0;
    this.last = this.chunk();
  }

  push(x: T): void {
    if (this.growing) {
      if (this.lastLength < GROW_LIMIT) {
        this.last.push(x);
        this.lastLength++;
        this.length++;
        return;
      }
      const sized = (HOLES as T[]).slice();
      for (let k = 0; k < this.lastLength; k++) sized[k] = this.last[k];
      this.last = sized;
      this.growing = false;
    }
    if (this.lastLength === CHUNK) {
      this.full.push(this.last);
      this.last = this.chunk();
      this.lastLength = 0;
    }
    this.last[this.lastLength++] = x;
    this.length++;
  }

  /** The element at `i` (0 ≤ i < length). */
  at(i: number): T {
    const c = i >> 13;
    return c === this.full.length ? this.last[i & (CHUNK - 1)] : this.full[c][i & (CHUNK - 1)];
  }

  /** A copy of the list as one array, exactly sized (`slice`, `concat`: no allocation site); the list stays usable. */
  toArray(): T[] {
    const tail = this.last.length === this.lastLength ? this.last : this.last.slice(0, this.lastLength);
    if (this.full.length === 0) return tail === this.last ? tail.slice() : tail;
    return this.full[0].concat(...this.full.slice(1), tail);
  }

  /** A fresh chunk, holes until written: sized for the rest of the capacity, or as said above. */
  private chunk(): T[] {
    if (this.capacity >= 0) return (HOLES as T[]).slice(0, Math.min(CHUNK, Math.max(0, this.capacity - this.length)));
    return (HOLES as T[]).slice(0, this.growing ? 0 : CHUNK);
  }
}

/** How long the first chunk of a list of unknown length grows element by element. */
const GROW_LIMIT = 1024;

/** `CHUNK` holes, never written: `slice` of it is a fresh array without an allocation site. */
const HOLES: readonly unknown[] = new Array(CHUNK);

/*
 * Allocation sites. V8 tags each object made by a literal (`{…}`, `[…]`) or by `new Array(n)`
 * with its allocation site, and when most of a site's objects survive a scavenge it allocates
 * that site's objects in the old generation from then on ("pretenuring"). The compiler's output
 * survives while it is being built, so its sites got pretenured — after which every step or box
 * of every later compile went to fresh old-generation pages (page faults) and was only reclaimed
 * by a full mark-compact. Objects made by a constructor call, and arrays made by `slice`, carry
 * no allocation site: the bulk objects below are made that way and stay young, as they should.
 */

const NUMBER_TEMPLATES: readonly (readonly number[])[] = Array.from({ length: 9 }, (_, n) =>
  Array.from({ length: n }, () => 0),
);

/** A fresh, packed `number[]` of length `n` (zeros), made without an allocation site. */
export function numbers(n: number): number[] {
  if (n < NUMBER_TEMPLATES.length) return NUMBER_TEMPLATES[n].slice();
  const out = NUMBER_TEMPLATES[0].slice();
  for (let k = 0; k < n; k++) out.push(0);
  return out;
}

/** `Array.from(a.subarray(from, to))`, made without an allocation site. */
export function listOf(a: Int32Array, from: number, to: number): number[] {
  const out = numbers(to - from);
  for (let k = from; k < to; k++) out[k - from] = a[k];
  return out;
}

/** [first, first + 1, …, first + n − 1], made without an allocation site. */
export function rangeOf(first: number, n: number): number[] {
  const out = numbers(n);
  for (let k = 0; k < n; k++) out[k] = first + k;
  return out;
}
