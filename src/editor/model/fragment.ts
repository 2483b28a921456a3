/**
 * A fragment is what copy puts on the clipboard: some boxes and groups with the wires among
 * them, as JSON. Paste validates it with the document's own schemas (foreign text is refused,
 * never half-read), renames every id, shifts positions and re-parents the top into the scope.
 */

import { BoxSchema, GroupSchema, type LensDocument, type Position, WireSchema } from '../../io/document';
import { z } from '../../io/zod';
import { descendants, type Scope } from './documentOps';
import { freshId, usedIds } from './ids';

export const FRAGMENT_FORMAT = 'lensboard-fragment';

export const FragmentSchema = z.object({
  format: z.literal(FRAGMENT_FORMAT),
  boxes: z.array(BoxSchema).max(5000),
  wires: z.array(WireSchema).max(20000),
  groups: z.array(GroupSchema).max(1000),
});
export type Fragment = z.infer<typeof FragmentSchema>;

export function makeFragment(doc: LensDocument, nodeIds: readonly string[]): Fragment {
  const ids = new Set(nodeIds);
  for (const id of descendants(doc, ids)) ids.add(id);
  return {
    format: FRAGMENT_FORMAT,
    boxes: doc.boxes.filter((b) => ids.has(b.id)),
    groups: doc.groups.filter((g) => ids.has(g.id)),
    wires: doc.wires.filter((w) => ids.has(w.from.box) && ids.has(w.to.box)),
  };
}

/** The fragment in clipboard text, or null for anything else (foreign content). */
export function parseFragment(text: string): Fragment | null {
  try {
    const r = FragmentSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Adds a copy of the fragment; its top-level nodes land in `scope`, shifted by `offset`. */
export function instantiate(
  doc: LensDocument,
  f: Fragment,
  scope: Scope,
  offset: Position,
): { doc: LensDocument; top: string[]; rename: Map<string, string> } {
  const taken = usedIds(doc);
  const rename = new Map<string, string>();
  for (const n of [...f.groups, ...f.boxes]) rename.set(n.id, freshId(n.id.replace(/\d+$/, ''), taken));
  const inside = (p: string | undefined) => p !== undefined && rename.has(p);
  const place = (p: Position, parent: string | undefined) =>
    inside(parent) ? p : { x: p.x + offset.x, y: p.y + offset.y };
  const parentOf = (p: string | undefined) => (inside(p) ? rename.get(p as string) : scope);
  const id = (x: string) => rename.get(x) ?? x;
  const groups = f.groups.map((g) => ({
    ...g,
    id: id(g.id),
    parent: parentOf(g.parent),
    position: place(g.position, g.parent),
    inputs: g.inputs.map((p) => ({ ...p, box: id(p.box) })),
    outputs: g.outputs.map((p) => ({ ...p, box: id(p.box) })),
  }));
  const boxes = f.boxes.map((b) => ({
    ...b,
    id: id(b.id),
    parent: parentOf(b.parent),
    position: place(b.position, b.parent),
  }));
  const wires = f.wires.map((w) => ({
    id: freshId('w', taken),
    from: { ...w.from, box: id(w.from.box) },
    to: { ...w.to, box: id(w.to.box) },
  }));
  const top = [...f.groups, ...f.boxes].filter((n) => !inside(n.parent)).map((n) => id(n.id));
  const clean = <T extends { parent?: string }>(n: T): T =>
    n.parent === undefined ? (({ parent: _, ...rest }) => rest as T)(n) : n;
  return {
    doc: {
      ...doc,
      boxes: [...doc.boxes, ...boxes.map(clean)],
      groups: [...doc.groups, ...groups.map(clean)],
      wires: [...doc.wires, ...wires],
    },
    top,
    rename,
  };
}
