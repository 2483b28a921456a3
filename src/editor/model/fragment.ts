/**
 * A fragment is what copy puts on the clipboard: some boxes and groups with the wires among
 * them, as JSON. Paste reads it through the same checks as a file (size, depth, `__proto__`,
 * the document's own schemas, unique ids) plus its own (every wire joins two of its boxes), so
 * what lands in the diagram is what a saved document may hold; foreign text is refused, never
 * half-read. It then renames every id, shifts positions and re-parents the top into the scope.
 */

import {
  BoxSchema,
  DOCUMENT_FORMAT,
  DOCUMENT_VERSION,
  GroupSchema,
  type LensDocument,
  type Position,
  WireSchema,
} from '../../io/document';
import { MAX_DOCUMENT_CHARS, parseDocument } from '../../io/parse';
import { type DocumentIssue, findUnsafe, formatPath } from '../../io/untrusted';
import { lazySchema, z } from '../../kinds/zod';
import { descendants, type Scope } from './documentOps';
import { freshId, usedIds } from './ids';

export const FRAGMENT_FORMAT = 'lensboard-fragment';

export const FragmentSchema = lazySchema(() =>
  z.object({
    format: z.literal(FRAGMENT_FORMAT),
    boxes: z.array(BoxSchema).max(5000),
    wires: z.array(WireSchema).max(20000),
    groups: z.array(GroupSchema).max(1000),
  }),
);
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

export type FragmentRead =
  | { readonly ok: true; readonly fragment: Fragment }
  /** Not Lensboard's at all (other text, other JSON). */
  | { readonly ok: false; readonly foreign: true }
  /** Lensboard's, but refused: every problem with its JSON path. */
  | { readonly ok: false; readonly foreign: false; readonly errors: readonly DocumentIssue[] };

const refused = (errors: readonly DocumentIssue[]): FragmentRead => ({ ok: false, foreign: false, errors });

/** Wires and exposed ports may only name boxes and groups of the fragment itself. */
function danglingEnds(f: Fragment): DocumentIssue[] {
  const ids = new Set([...f.boxes.map((b) => b.id), ...f.groups.map((g) => g.id)]);
  const issues: DocumentIssue[] = [];
  const check = (id: string, path: string) => {
    if (!ids.has(id)) issues.push({ path, message: `'${id}' is not a box of the copied boxes` });
  };
  f.wires.forEach((w, i) => {
    check(w.from.box, `wires[${i}].from.box`);
    check(w.to.box, `wires[${i}].to.box`);
  });
  f.groups.forEach((g, i) => {
    for (const [j, p] of g.inputs.entries()) check(p.box, `groups[${i}].inputs[${j}].box`);
    for (const [j, p] of g.outputs.entries()) check(p.box, `groups[${i}].outputs[${j}].box`);
  });
  return issues;
}

/** Clipboard text as a fragment, foreign, or refused with its problems' paths. */
export function readFragment(text: string): FragmentRead {
  if (text.length > MAX_DOCUMENT_CHARS)
    return refused([{ path: '', message: `${text.length} characters; at most ${MAX_DOCUMENT_CHARS} are pasted` }]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, foreign: true };
  }
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== FRAGMENT_FORMAT)
    return { ok: false, foreign: true };
  const unsafe = findUnsafe(json);
  if (unsafe) return refused([unsafe]);
  const r = FragmentSchema.safeParse(json);
  if (!r.success) return refused(r.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })));
  const { boxes, wires, groups } = r.data;
  // The document's own checks (unique ids among them): what a pasted box holds, a saved file may hold.
  const asDoc = parseDocument({ format: DOCUMENT_FORMAT, version: DOCUMENT_VERSION, boxes, wires, groups });
  if (!asDoc.ok) return refused(asDoc.errors);
  const dangling = danglingEnds(r.data);
  if (dangling.length > 0) return refused(dangling);
  return { ok: true, fragment: r.data };
}

/** The fragment in clipboard text, or null for anything else (foreign or refused). */
export function parseFragment(text: string): Fragment | null {
  const r = readFragment(text);
  return r.ok ? r.fragment : null;
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
  // Inside the copy, tie keys stay as they were, so a copy of a tied group pairs as the original
  // did; a node landing beside one with its key drops it (docs/model-format.md, "Tied groups").
  const keysInScope = new Set(
    [...doc.boxes, ...doc.groups].filter((n) => n.parent === scope).flatMap((n) => n.tieKey ?? []),
  );
  const landing = new Set(top);
  const clean = <T extends { id: string; parent?: string; tieKey?: string }>(n: T): T => {
    const { parent, tieKey, ...rest } = n;
    const keep = tieKey !== undefined && !(landing.has(n.id) && keysInScope.has(tieKey));
    return { ...rest, ...(parent === undefined ? {} : { parent }), ...(keep ? { tieKey } : {}) } as T;
  };
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
