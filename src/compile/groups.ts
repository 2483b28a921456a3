/**
 * Groups (sub-diagrams) are flattened: a wire into a group's exposed input goes to the inner
 * ports it names, a wire out of an exposed output comes from the inner port it names, through
 * any depth of nesting. A group `tiedTo` another instance shares its parameters: its boxes
 * (and nested groups, recursively) are paired with the other's.
 */
import type { GroupDoc, LensDocument, PortRef } from '../io/document';
import { byId, type ErrorList } from './errors';

/** How deep groups may nest before we call the nesting circular. */
const MAX_DEPTH = 32;

export class GroupIndex {
  readonly byId: ReadonlyMap<string, GroupDoc>;

  constructor(doc: LensDocument) {
    this.byId = new Map(doc.groups.map((g) => [g.id, g]));
  }

  /** The inner port a group output stands for, or undefined after reporting why. */
  source(ref: PortRef, errors: ErrorList, wire: string): PortRef | undefined {
    let at = ref;
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      const g = this.byId.get(at.box);
      if (!g) return at;
      const exposed = g.outputs.find((p) => p.name === at.port);
      if (!exposed) {
        errors.add('unknown-port', `group '${g.name}' has no output '${at.port}'`, { box: g.id, port: at.port, wire });
        return undefined;
      }
      at = { box: exposed.box, port: exposed.port };
    }
    errors.add('unknown-box', `groups nest more than ${MAX_DEPTH} deep at '${ref.box}'`, { box: ref.box, wire });
    return undefined;
  }

  /** The inner ports a group input feeds (one exposed name may feed several). */
  targets(ref: PortRef, errors: ErrorList, wire: string, depth = 0): PortRef[] {
    const g = this.byId.get(ref.box);
    if (!g) return [ref];
    if (depth >= MAX_DEPTH) {
      errors.add('unknown-box', `groups nest more than ${MAX_DEPTH} deep at '${ref.box}'`, { box: ref.box, wire });
      return [];
    }
    const exposed = g.inputs.filter((p) => p.name === ref.port);
    if (exposed.length === 0)
      errors.add('unknown-port', `group '${g.name}' has no input '${ref.port}'`, { box: g.id, port: ref.port, wire });
    return exposed.flatMap((p) => this.targets({ box: p.box, port: p.port }, errors, wire, depth + 1));
  }
}

/** Digit runs compare as numbers, so `linear9` comes before `linear10`. */
const natural = (id: string) => id.replace(/\d+/g, (d) => d.padStart(12, '0'));

/**
 * The order in which two instances' members pair up. A placed copy keeps its members'
 * positions inside the group (only the group moves) while their ids are renamed, so position
 * comes before id.
 */
const pairOrder = (a: Member, b: Member) =>
  byId(a.generator, b.generator) ||
  a.position.x - b.position.x ||
  a.position.y - b.position.y ||
  byId(natural(a.id), natural(b.id));

interface Member {
  readonly id: string;
  readonly generator: string;
  readonly position: { readonly x: number; readonly y: number };
  readonly group?: GroupDoc;
}

/** For each box of a tied instance, the box whose parameters it uses (followed to the end of the chain). */
export function tiedOwners(doc: LensDocument, groups: GroupIndex, errors: ErrorList): Map<string, string> {
  const members = new Map<string, Member[]>();
  const add = (parent: string | undefined, m: Member) =>
    parent && members.set(parent, [...(members.get(parent) ?? []), m]);
  for (const b of doc.boxes) add(b.parent, b);
  for (const g of doc.groups) add(g.parent, { id: g.id, generator: 'group', position: g.position, group: g });
  const owner = new Map<string, string>();
  const pair = (mine: GroupDoc, theirs: GroupDoc, into: Map<string, string>, depth: number): boolean => {
    const a = [...(members.get(mine.id) ?? [])].sort(pairOrder);
    const b = [...(members.get(theirs.id) ?? [])].sort(pairOrder);
    if (depth > MAX_DEPTH || a.length !== b.length || a.some((m, i) => m.generator !== b[i].generator)) return false;
    for (const [i, m] of a.entries()) {
      const other = b[i];
      if (m.group && other.group) {
        if (!pair(m.group, other.group, into, depth + 1)) return false;
      } else into.set(m.id, other.id);
    }
    return true;
  };
  for (const g of [...groups.byId.values()].sort((a, b) => byId(a.id, b.id))) {
    if (!g.tiedTo) continue;
    const target = groups.byId.get(g.tiedTo);
    if (!target) {
      errors.add('unknown-box', `group '${g.name}' is tied to '${g.tiedTo}', which does not exist`, { box: g.id });
      continue;
    }
    const found = new Map<string, string>(); // kept only if the whole instance pairs up
    if (pair(g, target, found, 0)) for (const [k, v] of found) owner.set(k, v);
    else
      errors.add('bad-config', `group '${g.name}' is tied to '${target.name}' but their boxes differ`, { box: g.id });
  }
  // A chain a → b → c ends at c; a loop of ties ends where it started.
  const end = (id: string): string => {
    let at = id;
    for (let i = 0; i < MAX_DEPTH && owner.has(at); i++) at = owner.get(at) as string;
    return at;
  };
  return new Map([...owner.keys()].map((id) => [id, end(id)]));
}
