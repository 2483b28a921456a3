/**
 * Pure edits of the document: each takes a document and returns a new one (structural sharing),
 * never mutating, so undo is a pointer swap and React Flow sees new references only where
 * something changed. The scope is the group being viewed (undefined for the top level).
 */
import type { Config } from '../../core/diagram';
import {
  type BoxDoc,
  BoxSchema,
  GroupSchema,
  type LensDocument,
  type PortRef,
  type Position,
  type WireDoc,
} from '../../io/document';
import { freshId, usedIds } from './ids';

export type Scope = string | undefined;

export function addBox(
  doc: LensDocument,
  generator: string,
  position: Position,
  config: Config = {},
  parent?: Scope,
): { doc: LensDocument; id: string } {
  const id = freshId(generator.replace(/^group:/, ''), usedIds(doc));
  const box: BoxDoc = {
    id,
    generator,
    config: { ...config },
    position: { ...position },
    ...(parent ? { parent } : {}),
  };
  return { doc: { ...doc, boxes: [...doc.boxes, box] }, id };
}

export function addWire(doc: LensDocument, from: PortRef, to: PortRef): { doc: LensDocument; id: string } {
  const id = freshId('w', usedIds(doc));
  const wire: WireDoc = { id, from: { ...from }, to: { ...to } };
  return { doc: { ...doc, wires: [...doc.wires, wire] }, id };
}

/** Every box and group inside the given groups, at any depth. */
export function descendants(doc: LensDocument, groupIds: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const queue = [...groupIds];
  while (queue.length > 0) {
    const g = queue.pop() as string;
    for (const b of doc.boxes) if (b.parent === g && !out.has(b.id)) out.add(b.id);
    for (const c of doc.groups) {
      if (c.parent !== g || out.has(c.id)) continue;
      out.add(c.id);
      queue.push(c.id);
    }
  }
  return out;
}

/** Removes nodes (with their insides and their wires) and wires. */
export function removeItems(
  doc: LensDocument,
  nodeIds: Iterable<string>,
  wireIds: Iterable<string> = [],
): LensDocument {
  const nodes = new Set(nodeIds);
  for (const id of descendants(doc, nodes)) nodes.add(id);
  const wires = new Set(wireIds);
  const boxes = doc.boxes.filter((b) => !nodes.has(b.id));
  const groups = doc.groups.filter((g) => !nodes.has(g.id));
  const keptWires = doc.wires.filter((w) => !wires.has(w.id) && !nodes.has(w.from.box) && !nodes.has(w.to.box));
  if (boxes.length === doc.boxes.length && groups.length === doc.groups.length && keptWires.length === doc.wires.length)
    return doc;
  return { ...doc, boxes, groups, wires: keptWires };
}

export function moveNodes(doc: LensDocument, positions: ReadonlyMap<string, Position>): LensDocument {
  if (positions.size === 0) return doc;
  const place = <T extends { id: string; position: Position }>(n: T): T => {
    const p = positions.get(n.id);
    return p ? { ...n, position: { x: p.x, y: p.y } } : n;
  };
  return { ...doc, boxes: mapKeep(doc.boxes, place), groups: mapKeep(doc.groups, place) };
}

/** `xs.map(f)`, but `xs` itself when no element changed, so what watches the array stays still. */
function mapKeep<T>(xs: T[], f: (x: T) => T): T[] {
  const ys = xs.map(f);
  return ys.every((y, i) => y === xs[i]) ? xs : ys;
}

export function setConfigValue(doc: LensDocument, boxId: string, key: string, value: unknown): LensDocument {
  return {
    ...doc,
    boxes: doc.boxes.map((b) => (b.id === boxId ? { ...b, config: { ...b.config, [key]: value } } : b)),
  };
}

/**
 * The schema's own bounds, so that a label the editor takes is one a saved document may hold;
 * read when a label is set, so that loading this module builds no schema.
 */
export function setLabel(doc: LensDocument, id: string, label: string): LensDocument {
  const MAX_LABEL = BoxSchema.shape.label.unwrap().maxLength ?? 200;
  const MAX_GROUP_NAME = GroupSchema.shape.name.maxLength ?? 120;
  return {
    ...doc,
    boxes: doc.boxes.map((b) => (b.id === id ? { ...b, label: label.slice(0, MAX_LABEL) || undefined } : b)),
    groups: doc.groups.map((g) => (g.id === id ? { ...g, name: label.slice(0, MAX_GROUP_NAME) || g.name } : g)),
  };
}

export function wireInto(doc: LensDocument, to: PortRef): WireDoc | undefined {
  return doc.wires.find((w) => w.to.box === to.box && w.to.port === to.port);
}

/** Nodes visible in a scope: boxes and groups whose parent is the scope. */
export function inScope(doc: LensDocument, scope: Scope): { boxes: BoxDoc[]; groups: LensDocument['groups'] } {
  return { boxes: doc.boxes.filter((b) => b.parent === scope), groups: doc.groups.filter((g) => g.parent === scope) };
}
