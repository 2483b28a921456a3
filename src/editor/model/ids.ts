/**
 * Fresh ids for boxes, wires and groups: a readable prefix and the first free number, so ids
 * stay short in the saved JSON and deterministic for a given document (tests rely on it).
 */
import type { LensDocument } from '../../io/document';

export function usedIds(doc: LensDocument): Set<string> {
  const ids = new Set<string>();
  for (const b of doc.boxes) ids.add(b.id);
  for (const w of doc.wires) ids.add(w.id);
  for (const g of doc.groups) ids.add(g.id);
  return ids;
}

/** The first `${prefix}${n}` not in `taken`; adds it to `taken`. */
export function freshId(prefix: string, taken: Set<string>): string {
  const base = prefix.replace(/[^A-Za-z0-9_.:-]/g, '').slice(0, 40) || 'box';
  let n = 1;
  while (taken.has(`${base}${n}`)) n++;
  const id = `${base}${n}`;
  taken.add(id);
  return id;
}
