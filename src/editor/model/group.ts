/**
 * "Group as Para box": the chosen nodes move inside a new group. Wires that cross its edge are
 * cut at the edge and the cut ends become the group's ports; the open (non-parameter) ports of
 * the nodes inside become ports too. Open parameter ports stay inside: parameters do not leave a
 * Para box, the compiler collects them. A placed copy of a saved group is a fresh clone.
 */

import type { GroupDoc, LensDocument, Position } from '../../io/document';
import { withTieKeys } from '../../io/tiePairs';
import { describeNode } from './boxInfo';
import { descendants, type Scope } from './documentOps';
import { instantiate, makeFragment } from './fragment';
import { freshId, usedIds } from './ids';

type Exposed = GroupDoc['inputs'][number];

function uniqueName(name: string, taken: Set<string>): string {
  let n = name;
  for (let i = 2; taken.has(n); i++) n = `${name}${i}`;
  taken.add(n);
  return n;
}

export function groupNodes(
  doc: LensDocument,
  nodeIds: readonly string[],
  name: string,
  scope: Scope,
  template?: string,
): { doc: LensDocument; id: string } | null {
  const inside = new Set(nodeIds);
  const nodes = [...doc.boxes, ...doc.groups].filter((n) => inside.has(n.id) && n.parent === scope);
  if (nodes.length === 0) return null;
  const id = freshId('group', usedIds(doc));
  const position: Position = {
    x: Math.min(...nodes.map((n) => n.position.x)),
    y: Math.min(...nodes.map((n) => n.position.y)),
  };
  const inputs: Exposed[] = [];
  const outputs: Exposed[] = [];
  const names = { in: new Set<string>(), out: new Set<string>() };
  const wires = doc.wires.map((w) => {
    const fromIn = inside.has(w.from.box);
    const toIn = inside.has(w.to.box);
    if (!fromIn && toIn) {
      const port = uniqueName(w.to.port, names.in);
      inputs.push({ name: port, box: w.to.box, port: w.to.port });
      return { ...w, to: { box: id, port } };
    }
    if (fromIn && !toIn) {
      const known = outputs.find((o) => o.box === w.from.box && o.port === w.from.port);
      const port = known?.name ?? uniqueName(w.from.port, names.out);
      if (!known) outputs.push({ name: port, box: w.from.box, port: w.from.port });
      return { ...w, from: { box: id, port } };
    }
    return w;
  });
  for (const n of nodes) {
    const d = describeNode(doc, n.id);
    for (const p of d?.inputs ?? []) {
      const fed = doc.wires.some((w) => w.to.box === n.id && w.to.port === p.name);
      if (!fed && !p.param) inputs.push({ name: uniqueName(p.name, names.in), box: n.id, port: p.name });
    }
    for (const p of d?.outputs ?? []) {
      const used = doc.wires.some((w) => w.from.box === n.id && w.from.port === p.name);
      if (!used) outputs.push({ name: uniqueName(p.name, names.out), box: n.id, port: p.name });
    }
  }
  const group: GroupDoc = {
    id,
    name: name.slice(0, 120) || 'group',
    position,
    inputs,
    outputs,
    template: template ?? id,
    ...(scope ? { parent: scope } : {}),
  };
  const reparent = <T extends { id: string; parent?: string }>(n: T): T =>
    inside.has(n.id) && n.parent === scope ? { ...n, parent: id } : n;
  return { doc: { ...doc, wires, boxes: doc.boxes.map(reparent), groups: [...doc.groups.map(reparent), group] }, id };
}

/** The saved groups ("My boxes"): the first group of each template. */
export function savedTemplates(groups: readonly GroupDoc[]): GroupDoc[] {
  const seen = new Set<string>();
  return groups.filter((g) => {
    const t = g.template ?? g.id;
    if (seen.has(t)) return false;
    seen.add(t);
    return true;
  });
}

/**
 * Every node inside `groupId` given a tie key (its id) where it has none, so that the copies
 * made from it pair with it by key, whatever is moved later (docs/model-format.md, "Tied groups").
 */
export function keyMembers(doc: LensDocument, groupId: string): LensDocument {
  const inside = descendants(doc, [groupId]);
  const key = <T extends { id: string; tieKey?: string }>(n: T): T =>
    inside.has(n.id) && n.tieKey === undefined ? { ...n, tieKey: n.id } : n;
  return { ...doc, boxes: doc.boxes.map(key), groups: doc.groups.map(key) };
}

export function placeTemplate(
  doc: LensDocument,
  templateId: string,
  position: Position,
  tied: boolean,
  scope: Scope,
): { doc: LensDocument; id: string } | null {
  const found = doc.groups.find((g) => (g.template ?? g.id) === templateId);
  if (!found) return null;
  const original = found;
  if (tied) doc = keyMembers(withTieKeys(doc), original.id);
  const fragment = makeFragment(doc, [original.id]);
  const offset = { x: position.x - original.position.x, y: position.y - original.position.y };
  const { doc: next, rename } = instantiate(doc, fragment, scope, offset);
  const id = rename.get(original.id) as string;
  const groups = next.groups.map((g) => {
    if (g.id !== id) return g;
    const { tiedTo: _, ...rest } = g;
    return { ...rest, template: templateId, ...(tied ? { tiedTo: original.tiedTo ?? original.id } : {}) };
  });
  return { doc: { ...next, groups }, id };
}
