/**
 * Items by id, one index per array, made on first ask: a canvas node's selector runs on every
 * store change, so a lookup by scanning the array would make each change cost nodes × items.
 * The store replaces an array when one of its items changes, so an index never goes stale.
 */
const indexes = new WeakMap<readonly { readonly id: string }[], ReadonlyMap<string, unknown>>();

export function byId<T extends { readonly id: string }>(items: readonly T[]): ReadonlyMap<string, T> {
  let index = indexes.get(items) as ReadonlyMap<string, T> | undefined;
  if (!index) {
    index = new Map(items.map((x) => [x.id, x]));
    indexes.set(items, index);
  }
  return index;
}
