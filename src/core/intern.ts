/**
 * Sharing equal values, so a diagram of 10,000 boxes holds a handful of config and type objects
 * rather than one per box or wire. The values are the same plain data; the garbage collector
 * just has far less to copy, and rdiff's and CSE's caches keyed by object hit far more often.
 */
import type { Config } from './diagram';
import { typeEquals, type WireType } from './wire';

/**
 * One frozen `{}` for every box without config: most boxes of a big diagram (σ, tanh, add), and
 * each distinct config object costs a canonical-key string and a weak-map entry in rdiff and CSE.
 */
export const EMPTY: Config = Object.freeze({});

/** `EMPTY` for a plain empty config, else the config itself. */
export function shareEmpty(c: Config): Config {
  if (c === EMPTY) return c;
  for (const _ in c) return c;
  return Object.getPrototypeOf(c) === Object.prototype ? EMPTY : c;
}

/**
 * The one shared object for a wire type structurally equal to `t` (`t` itself the first time).
 * A type equal to the one interned last (most type rules hand back their input's type) is
 * answered without a key.
 */
const interned = new Map<string, WireType>();
let lastInterned: WireType | undefined;
export function internType(t: WireType): WireType {
  const last = lastInterned;
  if (t === last) return t;
  if (last !== undefined && typeEquals(t, last)) return last;
  const s = t.shape;
  const key = `${t.field}${t.batch ? 'b' : 'p'}${s.length === 1 ? s[0] : s.join('x')}`;
  let known = interned.get(key);
  if (known === undefined) {
    known = t;
    if (interned.size < 4096) interned.set(key, t);
  }
  lastInterned = known;
  return known;
}
