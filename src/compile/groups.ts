/**
 * Groups (sub-diagrams) are flattened: a wire into a group's exposed input goes to the inner
 * ports it names, a wire out of an exposed output comes from the inner port it names, through
 * any depth of nesting. A group `tiedTo` another instance shares its parameters: its boxes
 * (and nested groups, recursively) are paired with the other's by tie key (io/tiePairs.ts).
 */
import type { GroupDoc, LensDocument, PortRef } from '../io/document';
import { membersByGroup, pairTied } from '../io/tiePairs';
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

/** For each box of a tied instance, the box whose parameters it uses (followed to the end of the chain). */
export function tiedOwners(doc: LensDocument, groups: GroupIndex, errors: ErrorList): Map<string, string> {
  const members = membersByGroup(doc);
  const owner = new Map<string, string>();
  for (const g of [...groups.byId.values()].sort((a, b) => byId(a.id, b.id))) {
    if (!g.tiedTo) continue;
    const target = groups.byId.get(g.tiedTo);
    if (!target) {
      errors.add('unknown-box', `group '${g.name}' is tied to '${g.tiedTo}', which does not exist`, { box: g.id });
      continue;
    }
    // Kept only if the whole instance pairs up.
    const paired = pairTied(members, g, target);
    if (paired.ok) {
      for (const [k, v] of paired.pairs) if (!groups.byId.has(k)) owner.set(k, v);
      continue;
    }
    const { member, memberIn, reason } = paired.mismatch;
    const at = member.group || memberIn.id !== g.id ? g.id : member.id;
    errors.add('bad-config', `group '${g.name}' is tied to '${target.name}' but their boxes differ: ${reason}`, {
      box: at,
    });
  }
  // A chain a → b → c ends at c; a loop of ties ends where it started.
  const end = (id: string): string => {
    let at = id;
    for (let i = 0; i < MAX_DEPTH && owner.has(at); i++) at = owner.get(at) as string;
    return at;
  };
  return new Map([...owner.keys()].map((id) => [id, end(id)]));
}
