/**
 * Auto-layout with elkjs: layered, left to right, ports fixed to their sides (parameters on the
 * north), then every box that only feeds parameter ports is lifted above the box it feeds, as
 * the paper draws parameters, and the optimiser above them all (learnerPicture.ts). elkjs is loaded on first use, so the first page stays small.
 */
import type { LensDocument, Position } from '../../io/document';
import { describeNode } from './boxInfo';
import { inScope, type Scope } from './documentOps';
import { optimiserPlace } from './learnerPicture';

type Size = { width: number; height: number };
const DEFAULT: Size = { width: 120, height: 48 };

export async function layoutScope(
  doc: LensDocument,
  scope: Scope,
  sizes: Readonly<Record<string, Size>>,
): Promise<Map<string, Position>> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const { boxes, groups } = inScope(doc, scope);
  const ids = new Set([...boxes, ...groups].map((n) => n.id));
  const wires = doc.wires.filter((w) => ids.has(w.from.box) && ids.has(w.to.box));
  const children = [...ids].map((id) => {
    const d = describeNode(doc, id);
    const size = sizes[id] ?? DEFAULT;
    const port = (name: string, side: string) => ({ id: `${id}:${name}`, layoutOptions: { 'elk.port.side': side } });
    return {
      id,
      ...size,
      layoutOptions: { 'elk.portConstraints': 'FIXED_SIDE' },
      ports: [
        ...(d?.inputs ?? []).map((p) => port(p.name, p.param ? 'NORTH' : 'WEST')),
        ...(d?.outputs ?? []).map((p) => port(p.name, 'EAST')),
      ],
    };
  });
  const edges = wires.map((w) => ({
    id: w.id,
    sources: [`${w.from.box}:${w.from.port}`],
    targets: [`${w.to.box}:${w.to.port}`],
  }));
  const graph = await new ELK().layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.spacing.nodeNode': '40',
      'elk.layered.spacing.nodeNodeBetweenLayers': '70',
    },
    children,
    edges,
  });
  const at = new Map<string, Position>();
  for (const c of graph.children ?? []) at.set(c.id, { x: c.x ?? 0, y: c.y ?? 0 });
  liftParameters(doc, wires, at, sizes);
  // the optimiser is wired to nothing: ELK puts it anywhere; the paper puts it above what it updates
  const opt = doc.boxes.find((b) => b.parent === scope && b.generator === 'optimiser');
  const place = opt && optimiserPlace(doc, scope, sizes, at);
  if (opt && place) at.set(opt.id, place);
  return at;
}

function liftParameters(
  doc: LensDocument,
  wires: LensDocument['wires'],
  at: Map<string, Position>,
  sizes: Readonly<Record<string, Size>>,
): void {
  for (const id of at.keys()) {
    const out = wires.filter((w) => w.from.box === id);
    if (out.length === 0 || wires.some((w) => w.to.box === id)) continue;
    const feedsParams = out.every((w) => describeNode(doc, w.to.box)?.inputs.find((p) => p.name === w.to.port)?.param);
    const target = at.get(out[0].to.box);
    if (!feedsParams || !target) continue;
    const h = (sizes[id] ?? DEFAULT).height;
    at.set(id, { x: target.x, y: target.y - h - 50 });
  }
}
