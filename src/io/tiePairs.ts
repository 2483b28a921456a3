/**
 * How the members of a tied group pair with the group it is tied to (docs/model-format.md,
 * "Tied groups"). A member (a box, or a nested group) carrying a `tieKey` pairs with the member
 * of the other group that has the same key, wherever either is drawn. Members without a key —
 * every member of a file written before keys existed — pair as they always did: sorted by
 * generator, then position, then id, and taken in that order. `withTieKeys` writes that old
 * pairing down as keys once, so a document opened today means what it meant, and moving a box
 * afterwards changes nothing.
 */
import type { BoxDoc, GroupDoc, LensDocument } from './document';

/** How deep groups may nest before the nesting is called circular (as the compiler's flattening). */
const MAX_DEPTH = 32;

export interface TieMember {
  readonly id: string;
  /** A core generator or learner kind; `"group"` for a nested group. */
  readonly generator: string;
  readonly position: { readonly x: number; readonly y: number };
  readonly tieKey?: string;
  readonly group?: GroupDoc;
}

/** Why two tied groups do not pair: the member left without a partner, and the group it sits in. */
export interface TieMismatch {
  readonly group: GroupDoc;
  readonly tiedTo: GroupDoc;
  /** The member with no partner (or with a partner of another generator), and the group holding it. */
  readonly member: TieMember;
  readonly memberIn: GroupDoc;
  readonly reason: string;
}

export type TiePairing =
  | { readonly ok: true; readonly pairs: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly mismatch: TieMismatch };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Digit runs compare as numbers, so `linear9` comes before `linear10`. */
const natural = (id: string) => id.replace(/\d+/g, (d) => d.padStart(12, '0'));

/** The order keyless members pair in: files written before tie keys keep their meaning. */
const legacyOrder = (a: TieMember, b: TieMember) =>
  byText(a.generator, b.generator) ||
  a.position.x - b.position.x ||
  a.position.y - b.position.y ||
  byText(natural(a.id), natural(b.id));

const nameOf = (m: TieMember) => (m.group ? `group '${m.group.name}'` : `box '${m.id}' (${m.generator})`);

/** Each group's direct members, boxes and nested groups alike. */
export function membersByGroup(doc: LensDocument): Map<string, TieMember[]> {
  const members = new Map<string, TieMember[]>();
  const add = (parent: string | undefined, m: TieMember) => {
    if (parent !== undefined) members.set(parent, [...(members.get(parent) ?? []), m]);
  };
  for (const b of doc.boxes) add(b.parent, b);
  for (const g of doc.groups)
    add(g.parent, { id: g.id, generator: 'group', position: g.position, tieKey: g.tieKey, group: g });
  return members;
}

/**
 * The members of `mine` paired with those of `theirs`, nested groups recursively: member id →
 * its partner's id (nested groups' own ids included). Keyed members pair by key, the keyless
 * ones by the legacy order among themselves.
 */
export function pairTied(members: ReadonlyMap<string, TieMember[]>, mine: GroupDoc, theirs: GroupDoc): TiePairing {
  const pairs = new Map<string, string>();
  const fail = (member: TieMember, memberIn: GroupDoc, reason: string): TiePairing => ({
    ok: false,
    mismatch: { group: mine, tiedTo: theirs, member, memberIn, reason },
  });
  const walk = (a: GroupDoc, b: GroupDoc, depth: number): TiePairing | undefined => {
    if (depth > MAX_DEPTH) return fail({ id: a.id, generator: 'group', position: a.position }, a, 'nests too deep');
    const ma = members.get(a.id) ?? [];
    const mb = members.get(b.id) ?? [];
    const keyed = (list: TieMember[], g: GroupDoc) => {
      const map = new Map<string, TieMember>();
      for (const m of list) {
        if (m.tieKey === undefined) continue;
        const twin = map.get(m.tieKey);
        if (twin) return fail(m, g, `${nameOf(m)} has the tie key '${m.tieKey}' of ${nameOf(twin)}`);
        map.set(m.tieKey, m);
      }
      return map;
    };
    const ka = keyed(ma, a);
    if (!(ka instanceof Map)) return ka;
    const kb = keyed(mb, b);
    if (!(kb instanceof Map)) return kb;
    const matched: [TieMember, TieMember][] = [];
    for (const [key, m] of ka) {
      const other = kb.get(key);
      if (!other) return fail(m, a, `${nameOf(m)} has no partner in '${b.name}'`);
      matched.push([m, other]);
    }
    for (const [key, m] of kb) if (!ka.has(key)) return fail(m, b, `${nameOf(m)} has no partner in '${a.name}'`);
    const la = ma.filter((m) => m.tieKey === undefined).sort(legacyOrder);
    const lb = mb.filter((m) => m.tieKey === undefined).sort(legacyOrder);
    for (const [i, m] of la.entries()) {
      if (i >= lb.length) return fail(m, a, `${nameOf(m)} has no partner in '${b.name}'`);
      matched.push([m, lb[i]]);
    }
    if (lb.length > la.length) return fail(lb[la.length], b, `${nameOf(lb[la.length])} has no partner in '${a.name}'`);
    for (const [m, other] of matched) {
      if (m.generator !== other.generator)
        return fail(m, a, `${nameOf(m)} is paired with ${nameOf(other)} of '${b.name}'`);
      pairs.set(m.id, other.id);
      if (m.group && other.group) {
        const inner = walk(m.group, other.group, depth + 1);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  return walk(mine, theirs, 0) ?? { ok: true, pairs };
}

/**
 * Every tied group's members given a `tieKey` where they have none, chosen so that the pairing
 * is the one the document had: members paired across a chain of ties share one key (the id of
 * one of them). Ties that do not pair are left as they are, for the compiler to report.
 * Returns the same document when nothing is missing.
 */
export function withTieKeys(doc: LensDocument): LensDocument {
  const tied = doc.groups.filter((g) => g.tiedTo !== undefined);
  if (tied.length === 0) return doc;
  const members = membersByGroup(doc);
  const byId = new Map(doc.groups.map((g) => [g.id, g]));
  // Members that pair, as classes of one union-find: all of a class share one key.
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let at = id;
    while (parent.has(at) && parent.get(at) !== at) at = parent.get(at) as string;
    return at;
  };
  const join = (a: string, b: string) => {
    for (const id of [a, b]) if (!parent.has(id)) parent.set(id, id);
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(byText(ra, rb) < 0 ? rb : ra, byText(ra, rb) < 0 ? ra : rb);
  };
  for (const g of tied) {
    const target = byId.get(g.tiedTo as string);
    if (!target) continue;
    const paired = pairTied(members, g, target);
    if (paired.ok) for (const [a, b] of paired.pairs) join(a, b);
  }
  const keyOf = new Map<string, string>();
  const all = [...doc.boxes, ...doc.groups];
  for (const n of all) if (parent.has(n.id) && n.tieKey !== undefined) keyOf.set(find(n.id), n.tieKey);
  const key = (n: BoxDoc | GroupDoc) =>
    n.tieKey !== undefined || !parent.has(n.id) ? undefined : (keyOf.get(find(n.id)) ?? find(n.id));
  if (all.every((n) => key(n) === undefined)) return doc;
  const keyed = <T extends BoxDoc | GroupDoc>(n: T): T => {
    const k = key(n);
    return k === undefined ? n : { ...n, tieKey: k };
  };
  return { ...doc, boxes: doc.boxes.map(keyed), groups: doc.groups.map(keyed) };
}
