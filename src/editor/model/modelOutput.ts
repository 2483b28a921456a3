/**
 * Where a missing model output goes: on the output port nobody reads of the rightmost box of
 * the model (the end of `linear ; bias ; σ`), just to its right. Learner boxes (data, loss,
 * optimiser…) are not the model, so their ports are never chosen.
 */
import type { LensDocument, PortRef, Position } from '../../io/document';
import { describeNode } from './boxInfo';
import { inScope } from './documentOps';

export interface OutputPlace {
  readonly position: Position;
  /** The port the output box reads, when one is free. */
  readonly from: PortRef | null;
}

export const OUTPUT_GAP = 200;

export function placeModelOutput(doc: LensDocument): OutputPlace {
  const { boxes, groups } = inScope(doc, undefined);
  const nodes = [...boxes, ...groups];
  const read = new Set(doc.wires.map((w) => `${w.from.box}:${w.from.port}`));
  let best: { x: number; y: number; from: PortRef } | null = null;
  for (const n of nodes) {
    const d = describeNode(doc, n.id);
    if (!d || d.kind === 'learner' || d.kind === 'unknown') continue;
    const free = d.outputs.find((p) => !read.has(`${n.id}:${p.name}`));
    if (free && (!best || n.position.x > best.x)) best = { ...n.position, from: { box: n.id, port: free.name } };
  }
  if (best) return { position: { x: best.x + OUTPUT_GAP, y: best.y }, from: best.from };
  const right = nodes.length === 0 ? 0 : Math.max(...nodes.map((n) => n.position.x)) + OUTPUT_GAP;
  const top = nodes.length === 0 ? 0 : Math.min(...nodes.map((n) => n.position.y));
  return { position: { x: right, y: top }, from: null };
}
