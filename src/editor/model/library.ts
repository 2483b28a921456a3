/**
 * "My boxes": groups saved for reuse in any document. A saved box is its group as a fragment
 * (the group, everything inside it, the wires among them) under a key; every copy placed from
 * it carries that key as its `template`, so a document knows which of its groups came from
 * which saved box, and a second placement can ask about sharing parameters.
 */
import type { GroupDoc, LensDocument, Position } from '../../io/document';
import { lazySchema, z } from '../../kinds/zod';
import type { Scope } from './documentOps';
import { type Fragment, FragmentSchema, instantiate, makeFragment } from './fragment';

/** The longest name of a saved box (as of a group in a document). */
export const BOX_NAME_MAX = 120;

export const SavedBoxSchema = lazySchema(() =>
  z.object({
    key: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_.:-]+$/),
    name: z.string().min(1).max(BOX_NAME_MAX),
    fragment: FragmentSchema,
  }),
);
export type SavedBox = z.infer<typeof SavedBoxSchema>;

/** At most this many saved boxes are kept; the oldest go first. */
export const LIBRARY_LIMIT = 100;

let made = 0;
/** A template key unique across documents (group ids like `group1` repeat from one to the next). */
export function newTemplateKey(now = Date.now()): string {
  made += 1;
  return `my-${now.toString(36)}-${made.toString(36)}`;
}

const topGroup = (f: Fragment): GroupDoc | undefined => {
  const ids = new Set([...f.boxes, ...f.groups].map((n) => n.id));
  return f.groups.find((g) => g.parent === undefined || !ids.has(g.parent));
};

/** The group `groupId` saved under its template key, replacing an older save under that key. */
export function saveGroup(library: readonly SavedBox[], doc: LensDocument, groupId: string): readonly SavedBox[] {
  const group = doc.groups.find((g) => g.id === groupId);
  if (!group) return library;
  const key = group.template ?? group.id;
  const f = makeFragment(doc, [group.id]);
  const inside = new Set(f.groups.map((g) => g.id));
  // A saved box stands alone: no parent outside it, no tie to a group it does not contain.
  const groups = f.groups.map((g) => {
    const { parent, tiedTo, ...rest } = g;
    return {
      ...rest,
      ...(g.id !== group.id && parent ? { parent } : {}),
      ...(tiedTo && inside.has(tiedTo) ? { tiedTo } : {}),
      ...(g.id === group.id ? { template: key } : {}),
    };
  });
  const others = library.filter((b) => b.key !== key);
  const name = freeName(
    group.name,
    others.map((b) => b.name),
  );
  const named = name === group.name ? groups : groups.map((g) => (g.id === group.id ? { ...g, name } : g));
  const saved: SavedBox = { key, name, fragment: { ...f, groups: named } };
  return [...others, saved].slice(-LIBRARY_LIMIT);
}

/**
 * `name`, or `name (2)`, `name (3)`… — the first that no other saved box has (ignoring case), so that
 * two documents' "group 1" do not stand in My boxes under one name. The document keeps its own.
 */
function freeName(name: string, taken: readonly string[]): string {
  const has = (n: string) => taken.some((t) => sameName(t, n));
  if (!has(name)) return name;
  let k = 2;
  while (has(`${name} (${k})`)) k++;
  return `${name} (${k})`;
}

/** A copy of a saved box this document has none of yet: fresh ids, its ports unconnected. */
export function placeSaved(
  doc: LensDocument,
  saved: SavedBox,
  position: Position,
  scope: Scope,
): { doc: LensDocument; id: string } | null {
  const top = topGroup(saved.fragment);
  if (!top) return null;
  const offset = { x: position.x - top.position.x, y: position.y - top.position.y };
  const { doc: next, rename } = instantiate(doc, saved.fragment, scope, offset);
  const id = rename.get(top.id);
  return id ? { doc: next, id } : null;
}

/** Does this document already hold a copy of the saved box `key`? Then placing asks about tying. */
export const hasCopy = (doc: LensDocument, key: string): boolean =>
  doc.groups.some((g) => (g.template ?? g.id) === key);

/** What "Undo" needs to put a removed box back where it was. */
export interface RemovedBox {
  readonly box: SavedBox;
  readonly index: number;
}

/**
 * The library without `key`. Only the library changes: a copy placed from the box is the
 * document's own data (its groups, boxes and wires), so every diagram using it stays as it is.
 */
export function removeSaved(
  library: readonly SavedBox[],
  key: string,
): { library: readonly SavedBox[]; removed: RemovedBox | null } {
  const index = library.findIndex((b) => b.key === key);
  if (index < 0) return { library, removed: null };
  return { library: library.filter((b) => b.key !== key), removed: { box: library[index], index } };
}

/** Puts a removed box back at its place; a box saved again under its key meanwhile wins. */
export function restoreSaved(library: readonly SavedBox[], removed: RemovedBox): readonly SavedBox[] {
  if (library.some((b) => b.key === removed.box.key)) return library;
  const at = Math.min(removed.index, library.length);
  return [...library.slice(0, at), removed.box, ...library.slice(at)].slice(-LIBRARY_LIMIT);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type Renamed =
  | { readonly ok: true; readonly library: readonly SavedBox[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Renames the saved box `key` (and the group that a new copy of it will carry). The name is
 * trimmed; an empty, overlong or taken one (another saved box's, or one of `alsoTaken`, ignoring
 * case) is refused with the reason, and nothing changes. Copies already placed keep their name.
 */
export function renameSaved(
  library: readonly SavedBox[],
  key: string,
  name: string,
  alsoTaken: readonly string[] = [],
): Renamed {
  const box = library.find((b) => b.key === key);
  if (!box) return { ok: false, reason: 'This box is no longer in My boxes.' };
  const next = name.trim();
  if (next === '') return { ok: false, reason: 'The name is empty: type at least one character.' };
  if (next.length > BOX_NAME_MAX)
    return {
      ok: false,
      reason: `The name is too long: at most ${BOX_NAME_MAX} characters (this one has ${next.length}).`,
    };
  const others = [...library.filter((b) => b.key !== key).map((b) => b.name), ...alsoTaken];
  if (others.some((n) => sameName(n, next)))
    return { ok: false, reason: `“${next}” is already the name of another box in My boxes.` };
  if (next === box.name) return { ok: true, library };
  const groups = box.fragment.groups.map((g) => (g.template === key ? { ...g, name: next } : g));
  const renamed: SavedBox = { ...box, name: next, fragment: { ...box.fragment, groups } };
  return { ok: true, library: library.map((b) => (b.key === key ? renamed : b)) };
}
