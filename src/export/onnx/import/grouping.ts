/**
 * A big import drawn as groups (docs/export.md, "Import back"): past GROUP_FROM boxes, a drawing
 * of every box is unreadable, so the boxes between the input and the output go, in the order
 * they were drawn (the file's node order), into groups of about GROUP_SIZE boxes, laid out in
 * rows, each named after the first and last node it draws (`m0_node … a24_node`). A wire crossing a group's edge is cut there and its ends become the group's ports, as
 * "Group as Para box" cuts them; the compiler flattens groups, so the model, its parameters and
 * their names are unchanged. Linear in the boxes and wires: each is visited a fixed number of times.
 */
import type { BoxDoc, GroupDoc, LensDocument, WireDoc } from '../../../io/document';

/** Imports with more boxes than this are grouped. */
export const GROUP_FROM = 400;
/** About how many boxes a group holds. */
export const GROUP_SIZE = 100;
/** Groups per row of the top-level drawing. */
const PER_ROW = 8;

type Exposed = GroupDoc['inputs'][number];

interface Part {
  readonly group: GroupDoc & { inputs: Exposed[]; outputs: Exposed[] };
  readonly names: Set<string>;
  /** `box:port` of an inner output → the exposed name it leaves by. */
  readonly leaving: Map<string, string>;
}

function portName(part: Part, wanted: string): string {
  let n = wanted;
  for (let k = 2; part.names.has(n); k++) n = `${wanted}${k}`;
  part.names.add(n);
  return n;
}

function freshIds(taken: ReadonlySet<string>, count: number): string[] {
  const ids: string[] = [];
  for (let k = 1; ids.length < count; k++) if (!taken.has(`part${k}`)) ids.push(`part${k}`);
  return ids;
}

/** The document with its inner boxes in groups, or the document itself when it is small. */
export function groupLargeImport(doc: LensDocument, size = GROUP_SIZE, from = GROUP_FROM): LensDocument {
  const inner = doc.boxes.filter((b) => b.generator !== 'input' && b.generator !== 'output');
  if (doc.boxes.length <= from || inner.length === 0) return doc;
  const count = Math.ceil(inner.length / size);
  const ids = freshIds(new Set(doc.boxes.map((b) => b.id)), count);
  const partOf = new Map<string, Part>();
  const parts: Part[] = ids.map((id, k) => {
    const ops = inner.slice(k * size, (k + 1) * size).filter((b) => b.generator !== 'parameter');
    const first = ops[0]?.id ?? id;
    const last = ops.at(-1)?.id ?? id;
    const group = {
      id,
      name: (first === last ? first : `${first} … ${last}`).slice(0, 120),
      position: { x: 190 + 260 * (k % PER_ROW), y: 220 + 180 * Math.floor(k / PER_ROW) },
      inputs: [] as Exposed[],
      outputs: [] as Exposed[],
      template: id,
    };
    return { group, names: new Set<string>(), leaving: new Map<string, string>() };
  });
  const left = new Map<string, number>();
  inner.forEach((b, i) => {
    const part = parts[Math.floor(i / size)];
    partOf.set(b.id, part);
    const x0 = left.get(part.group.id) ?? b.position.x;
    left.set(part.group.id, Math.min(x0, b.position.x));
  });
  const placed: BoxDoc[] = doc.boxes.map((b) => {
    const part = partOf.get(b.id);
    if (!part) return b;
    const x = b.position.x - (left.get(part.group.id) ?? 0) + 40;
    return { ...b, position: { x, y: b.position.y }, parent: part.group.id };
  });
  const wires: WireDoc[] = doc.wires.map((w) => {
    const from = partOf.get(w.from.box);
    const to = partOf.get(w.to.box);
    if (from === to) return w;
    let next = w;
    if (from) {
      const key = `${w.from.box}:${w.from.port}`;
      let name = from.leaving.get(key);
      if (!name) {
        name = portName(from, w.from.port);
        from.leaving.set(key, name);
        from.group.outputs.push({ name, box: w.from.box, port: w.from.port });
      }
      next = { ...next, from: { box: from.group.id, port: name } };
    }
    if (to) {
      const name = portName(to, w.to.port);
      to.group.inputs.push({ name, box: w.to.box, port: w.to.port });
      next = { ...next, to: { box: to.group.id, port: name } };
    }
    return next;
  });
  const output = placed.find((b) => b.generator === 'output');
  const rows = Math.ceil(count / PER_ROW);
  const boxesOut = placed.map((b) =>
    b === output ? { ...b, position: { x: 190 + 260 * Math.min(count, PER_ROW), y: 220 + 180 * (rows - 1) } } : b,
  );
  return { ...doc, boxes: boxesOut, wires, groups: [...doc.groups, ...parts.map((p) => p.group)] };
}
