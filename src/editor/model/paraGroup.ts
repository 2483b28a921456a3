/**
 * A group as the Para box it is (docs/architecture.md): its type A → B with the parameters P it
 * holds, the term of what is inside, and R of it written by the chain rule; and the diagram's
 * term with each group named instead of spelt out, as the paper writes a layer by its name.
 */

import type { CompiledModel, CompileResult } from '../../compile/types';
import { boxLabel } from '../../core/term';
import { producers, topoOrder } from '../../core/topology';
import { printType, type WireType } from '../../core/wire';
import type { LensDocument, WireDoc } from '../../io/document';
import { boxName, paramName, readableId } from '../reverse/displayNames';

/**
 * The layers of a diagram's boxes grouped into units (a box's unit, or null to leave it out),
 * each unit at the longest path to it: `(a ⊗ b) ; c`, one name per unit.
 */
function layeredTerm(model: CompiledModel, unitOf: (box: number) => string | null, label: (unit: string) => string) {
  const d = model.diagram;
  const prod = producers(d);
  const units: string[] = [];
  const after = new Map<string, Set<string>>();
  for (const i of topoOrder(d)) {
    const u = unitOf(i);
    if (u === null) continue;
    if (!after.has(u)) {
      units.push(u);
      after.set(u, new Set());
    }
    for (const w of d.boxes[i].inputs) {
      const p = prod[w] >= 0 ? unitOf(prod[w]) : null;
      if (p !== null && p !== u) after.get(u)?.add(p);
    }
  }
  const layer = new Map(units.map((u) => [u, 0]));
  // Units come in the order of their first box, so a pass or two reach the longest paths; the
  // passes stop when one changes nothing (a model of thousands of units took seconds to go
  // through all of them), at most one per unit as before.
  for (let pass = 0, moved = true; moved && pass < units.length; pass++) {
    moved = false;
    for (const u of units)
      for (const p of after.get(u) ?? []) {
        const at = (layer.get(p) ?? 0) + 1;
        if (at > (layer.get(u) ?? 0)) {
          layer.set(u, at);
          moved = true;
        }
      }
  }
  const layers: string[][] = [];
  for (const u of units) {
    const at = layer.get(u) ?? 0;
    layers[at] ??= [];
    layers[at].push(label(u));
  }
  return layers.filter((l) => l !== undefined);
}

const joined = (layers: string[][]) =>
  layers.length === 0 ? 'id' : layers.map((l) => (l.length > 1 ? `(${l.join(' ⊗ ')})` : l[0])).join(' ; ');

/** The outermost group a model box sits in, if any. */
function outerGroup(model: CompiledModel, box: number): string | null {
  const source = model.diagram.boxes[box].source;
  return source === undefined ? null : (model.sources?.groups[source]?.[0] ?? null);
}

/** The model's term with each top-level group by its name: `dense 1 ; dense 2`. */
export function namedTerm(model: CompiledModel, doc: LensDocument): string {
  if (!doc.groups.length || !model.sources) return model.term;
  const d = model.diagram;
  return joined(
    layeredTerm(
      model,
      (i) => outerGroup(model, i) ?? `box ${i}`,
      (u) => (u.startsWith('box ') ? boxLabel(d.boxes[Number(u.slice(4))], d) : boxName(doc, u)),
    ),
  );
}

export interface ParaGroup {
  readonly name: string;
  /** Its open ports and parameters, each with its type (null while it does not compile). */
  readonly inputs: readonly { readonly name: string; readonly type: string | null }[];
  readonly outputs: readonly { readonly name: string; readonly type: string | null }[];
  readonly params: readonly { readonly name: string; readonly type: string }[];
  /** `Para(P) : A → B`. */
  readonly signature: string;
  /** What is inside: `linear[2→8] ; bias ; tanh`. */
  readonly term: string;
  /** `R[dense 1] = R[tanh] ; R[bias] ; R[linear[2→8]]` (the changes come back through each box in reverse). */
  readonly reverse: string;
}

const typeText = (t: WireType | undefined) => (t ? printType(t) : null);
const product = (ts: readonly (string | null)[]) =>
  ts.length === 0 ? 'I' : ts.some((t) => t === null) ? '?' : ts.join(' × ');

/** Whether a model box sits, at any depth, in `group`. */
const inside = (model: CompiledModel, box: number, group: string) => {
  const source = model.diagram.boxes[box].source;
  return source !== undefined && (model.sources?.groups[source] ?? []).includes(group);
};

export function paraGroup(doc: LensDocument, compiled: CompileResult | null, id: string): ParaGroup | null {
  const g = doc.groups.find((x) => x.id === id);
  if (!g) return null;
  const portType = (p: { box: string; port: string }) => typeText(compiled?.portTypes.get(`${p.box}:${p.port}`));
  const inputs = g.inputs.map((p) => ({ name: p.name, type: portType(p) }));
  const outputs = g.outputs.map((p) => ({ name: p.name, type: portType(p) }));
  const model = compiled?.model;
  const params = (model?.params ?? [])
    .filter((p) => (model?.sources?.groups[p.name.slice(0, p.name.lastIndexOf('.'))] ?? []).includes(id))
    .map((p) => ({ name: paramName(doc, p.name), type: printType(p.type) }));
  const signature = `Para(${product(params.map((p) => p.type))}) : ${product(inputs.map((p) => p.type))} → ${product(outputs.map((p) => p.type))}`;
  if (!model) return { name: g.name, inputs, outputs, params, signature, term: '?', reverse: '?' };
  const d = model.diagram;
  const label = (u: string) => boxLabel(d.boxes[Number(u)], d);
  const layers = layeredTerm(model, (i) => (inside(model, i, id) ? String(i) : null), label);
  const back = [...layers].reverse().map((l) => l.map((a) => `R[${a}]`));
  return {
    name: g.name,
    inputs,
    outputs,
    params,
    signature,
    term: joined(layers),
    reverse: `R[${g.name}] = ${joined(back)}`,
  };
}

/** Every group's parameters, made once per document: a canvas of many groups asks for each on every store change. */
const paramsByGroup = new WeakMap<LensDocument, ReadonlyMap<string, string[]>>();

/** One pass over the boxes and wires: the names `paramName` gives, without its scans per parameter. */
function allGroupParams(doc: LensDocument): ReadonlyMap<string, string[]> {
  const parent = new Map<string, string | undefined>();
  const names = new Map<string, string>();
  for (const g of doc.groups) {
    parent.set(g.id, g.parent);
    names.set(g.id, g.name);
  }
  for (const b of doc.boxes) {
    parent.set(b.id, b.parent);
    if (b.label) names.set(b.id, b.label);
  }
  const readers = new Map<string, WireDoc[]>();
  const firstPort = new Map<string, string>();
  for (const w of doc.wires) {
    if (!firstPort.has(w.from.box)) firstPort.set(w.from.box, w.from.port);
    const key = `${w.from.box}:${w.from.port}`;
    const list = readers.get(key);
    if (list) list.push(w);
    else readers.set(key, [w]);
  }
  const name = (id: string) => names.get(id) ?? readableId(id);
  const out = new Map<string, string[]>();
  for (const b of doc.boxes) {
    if (b.generator !== 'parameter' || b.parent === undefined) continue;
    const port = firstPort.get(b.id) ?? 'W';
    const read = readers.get(`${b.id}:${port}`) ?? [];
    const shown = b.label ?? (read.length === 1 ? `${read[0].to.port} of ${name(read[0].to.box)}` : name(b.id));
    // Nesting is at most 32 deep (compile/groups.ts); the bound keeps a circular file from hanging the page.
    let depth = 0;
    for (let at = parent.get(b.id); at !== undefined && depth++ < 64; at = parent.get(at)) {
      const list = out.get(at);
      if (list) list.push(shown);
      else out.set(at, [shown]);
    }
  }
  return out;
}

/** The parameters drawn inside a group (at any depth), named by the ports they feed: `W of linear 2→8`. */
export function groupParams(doc: LensDocument, id: string): string[] {
  let all = paramsByGroup.get(doc);
  if (!all) {
    all = allGroupParams(doc);
    paramsByGroup.set(doc, all);
  }
  return all.get(id) ?? [];
}

/** How many of a group's parameters its strand names one by one; the rest are counted (docs/screen.md). */
export const PARAMS_NAMED = 12;

/**
 * The names a group's parameter strand shows, top to bottom: every one when they are few, else
 * the first `named − 1` and a last line that counts the others (a strand as tall as the drawing
 * would reach over the boxes above it).
 */
export function stackedParams(names: readonly string[], named = PARAMS_NAMED): { shown: string[]; more: string[] } {
  if (names.length <= named) return { shown: [...names], more: [] };
  const keep = Math.max(0, named - 1);
  return { shown: names.slice(0, keep), more: names.slice(keep) };
}
