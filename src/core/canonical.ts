/**
 * Canonical configs: JSON with sorted keys, so equal configs give equal keys whatever order
 * they were written in (CSE and the reverse cache compare configs this way). Cached per
 * config object: the boxes a reverse diagram splices share their config objects.
 */
import type { Config } from './diagram';

const cache = new WeakMap<Config, string>();

const sorted = (_k: string, v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
    : v;

export function canonicalConfig(c: Config): string {
  let s = cache.get(c);
  if (s === undefined) {
    s = JSON.stringify(c, sorted);
    cache.set(c, s);
  }
  return s;
}
