/**
 * Two tabs editing the same diagram: a three-way merge of the document against the version both
 * started from (docs/architecture.md, "Autosave and other tabs"). Boxes, wires and groups merge
 * by id, and the document's other fields (name, dataset, training) one by one: what only one side
 * changed is taken from it; what both changed the same way is taken once; what both changed
 * differently is a collision, where `mine` (the tab saving now) wins and `theirs` is handed back
 * whole, to be kept aside where the user can export it. The result is repaired so that every
 * reference (a wire's ends, a box's or group's parent, a group's exposed ports) names something
 * that is there, and at most one wire enters a port — always towards `mine`, so that all of mine's
 * edits are in the result and theirs, when any of them are not, are in the copy kept aside.
 */
import type { LensDocument } from '../../io/document';
import { parseDocument } from '../../io/parse';

/** What did not merge: a box, wire or group by id, or a field of the document. */
export interface Collision {
  readonly kind: 'box' | 'wire' | 'group' | 'field';
  readonly id: string;
}

export interface Merged {
  readonly doc: LensDocument;
  readonly collisions: readonly Collision[];
  /** `theirs`, when some of its edits are not in `doc` (a collision); else null. */
  readonly aside: LensDocument | null;
}

/** Deep equality of plain JSON data, key order aside. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((x, i) => same(x, bs[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

type Keyed = { readonly id: string };

/** One value, three ways: undefined stands for absent (deleted, or not there yet). */
function pick3<T>(
  base: T | undefined,
  mine: T | undefined,
  theirs: T | undefined,
): { value: T | undefined; collides: boolean } {
  if (same(mine, theirs) || same(theirs, base)) return { value: mine, collides: false };
  if (same(mine, base)) return { value: theirs, collides: false };
  return { value: mine, collides: true };
}

/** By id; mine's order first, then what only theirs has, in theirs' order. */
function mergeList<T extends Keyed>(
  kind: Collision['kind'],
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
  collisions: Collision[],
): T[] {
  const index = (xs: readonly T[]) => new Map(xs.map((x) => [x.id, x]));
  const [b, m, t] = [index(base), index(mine), index(theirs)];
  const ids = [...new Set([...mine.map((x) => x.id), ...theirs.map((x) => x.id), ...base.map((x) => x.id)])];
  const out: T[] = [];
  for (const id of ids) {
    const { value, collides } = pick3(b.get(id), m.get(id), t.get(id));
    if (collides) collisions.push({ kind, id });
    if (value !== undefined) out.push(value);
  }
  return out;
}

const FIELDS = ['format', 'version', 'name', 'dataset', 'training'] as const;

export function mergeDocuments(base: LensDocument | null, mine: LensDocument, theirs: LensDocument): Merged {
  const root = base ?? {
    ...mine,
    boxes: [],
    wires: [],
    groups: [],
    name: undefined,
    dataset: undefined,
    training: undefined,
  };
  const collisions: Collision[] = [];
  const doc: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const { value, collides } = pick3<unknown>(root[field], mine[field], theirs[field]);
    if (collides) collisions.push({ kind: 'field', id: field });
    if (value !== undefined) doc[field] = value;
  }
  const merged = {
    ...(doc as Pick<LensDocument, (typeof FIELDS)[number]>),
    boxes: mergeList('box', root.boxes, mine.boxes, theirs.boxes, collisions),
    wires: mergeList('wire', root.wires, mine.wires, theirs.wires, collisions),
    groups: mergeList('group', root.groups, mine.groups, theirs.groups, collisions),
  } as LensDocument;
  const repaired = repair(merged, mine, collisions);
  const parsed = parseDocument(repaired);
  // A result the document's own door refuses (say, a box and a group both new under one id):
  // this tab's version, and theirs aside.
  if (!parsed.ok) return { doc: mine, collisions: [...collisions, { kind: 'field', id: 'document' }], aside: theirs };
  return { doc: repaired, collisions, aside: collisions.length > 0 ? theirs : null };
}

/** The ids a box, wire or group names, each with the kind of thing named. */
function references(doc: LensDocument): { from: Keyed & { kind: Collision['kind'] }; to: string }[] {
  const refs: { from: Keyed & { kind: Collision['kind'] }; to: string }[] = [];
  for (const w of doc.wires) {
    refs.push({ from: { kind: 'wire', id: w.id }, to: w.from.box }, { from: { kind: 'wire', id: w.id }, to: w.to.box });
  }
  for (const b of doc.boxes) if (b.parent !== undefined) refs.push({ from: { kind: 'box', id: b.id }, to: b.parent });
  for (const g of doc.groups) {
    const from = { kind: 'group' as const, id: g.id };
    if (g.parent !== undefined) refs.push({ from, to: g.parent });
    if (g.tiedTo !== undefined) refs.push({ from, to: g.tiedTo });
    for (const p of [...g.inputs, ...g.outputs]) refs.push({ from, to: p.box });
  }
  return refs;
}

const LIST = { box: 'boxes', wire: 'wires', group: 'groups' } as const;
type ItemKind = keyof typeof LIST;

const find = (doc: LensDocument, kind: ItemKind, id: string): Keyed | undefined =>
  (doc[LIST[kind]] as readonly Keyed[]).find((x) => x.id === id);

/**
 * Until every reference resolves and no port has two wires in: a missing target that mine has
 * comes back as mine has it; else the referrer becomes mine's version, or goes if mine has none.
 * Each move puts an item as mine has it (or takes out one mine has not), and what mine has is
 * never moved again, so this ends; what is wrong in mine itself is left as it is.
 */
function repair(doc: LensDocument, mine: LensDocument, collisions: Collision[]): LensDocument {
  const d = { ...doc, boxes: [...doc.boxes], wires: [...doc.wires], groups: [...doc.groups] };
  const asMine = (kind: ItemKind, item: Keyed) => same(item, find(mine, kind, item.id));
  const toMine = (kind: ItemKind, id: string) => {
    if (!collisions.some((c) => c.kind === kind && c.id === id)) collisions.push({ kind, id });
    const list = d[LIST[kind]] as Keyed[];
    const own = find(mine, kind, id);
    const at = list.findIndex((x) => x.id === id);
    if (own && at >= 0) list[at] = own;
    else if (own) list.push(own);
    else if (at >= 0) list.splice(at, 1);
  };
  for (;;) {
    const nodes = new Set([...d.boxes.map((b) => b.id), ...d.groups.map((g) => g.id)]);
    const broken = references(d).find(
      (r) =>
        !nodes.has(r.to) &&
        (find(mine, 'box', r.to) || find(mine, 'group', r.to) || !asMine(r.from.kind as ItemKind, r.from)),
    );
    if (broken) {
      const target = find(mine, 'box', broken.to) ? 'box' : find(mine, 'group', broken.to) ? 'group' : null;
      if (target) toMine(target, broken.to);
      else toMine(broken.from.kind as ItemKind, broken.from.id);
      continue;
    }
    const twice = doubleEntry(d, (w) => asMine('wire', w));
    if (twice === null) return d;
    toMine('wire', twice);
  }
}

/** A wire, not as mine has it, into a port another wire enters too; or null. */
function doubleEntry(doc: LensDocument, asMine: (w: Keyed) => boolean): string | null {
  const byPort = new Map<string, LensDocument['wires'][number][]>();
  for (const w of doc.wires) {
    const key = `${w.to.box}\u0000${w.to.port}`;
    byPort.set(key, [...(byPort.get(key) ?? []), w]);
  }
  for (const ws of byPort.values()) {
    if (ws.length < 2) continue;
    const others = ws.filter((w) => !asMine(w));
    // Mine's wires stay; of the others, all go but one when mine has none into the port.
    const keepOne = others.length === ws.length ? 1 : 0;
    if (others.length > keepOne) return others[others.length - 1].id;
  }
  return null;
}
