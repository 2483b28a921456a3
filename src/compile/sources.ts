/**
 * The drawing behind the compiled model, as plain data made once per compile: for each wire of
 * the model diagram, the drawn port whose value it carries and the drawn port that reads it;
 * for each drawn wire, the ports it joins (groups flattened); the groups each box sits in; the
 * learner's drawn boxes. The learner joins this with its own step (learn/sourceMap.ts) so every
 * buffer of a training step names the drawn wire, port or box it belongs to.
 */
import type { LensDocument, PortRef } from '../io/document';
import { byId, portKey } from './errors';
import type { Graph, Role } from './graph';

/** The id the learner's steps carry when the loss, learning rate or optimiser comes from the document's settings. */
export const TRAINING_SETTINGS = 'training settings';

export interface ModelWire {
  /** The drawn output port whose value it is: a box's output, a data input, or a parameter's owner and port. */
  readonly from: PortRef;
  /** The learnt parameter it carries (`owner.port`). */
  readonly param?: string;
  /** The drawn input port that reads it; absent where the compiler's fan-out copy or discard reads it. */
  readonly to?: PortRef;
}

/** A drawn wire, with group ports followed to the boxes inside. */
export interface DrawnWire {
  readonly from: PortRef;
  readonly to: readonly PortRef[];
}

/** The learner's drawn boxes (absent: from the settings), and the port the loss reads its label from. */
export interface LearnerBoxes {
  readonly loss?: string;
  readonly learningRate?: string;
  readonly optimiser?: string;
  readonly label?: PortRef;
}

export interface ModelSources {
  /** One per wire of the model diagram. */
  readonly wires: readonly ModelWire[];
  /** Boxes of the model diagram the compiler added: the copy of a value read twice, the discard of one never read. */
  readonly inserted: readonly number[];
  readonly drawn: Readonly<Record<string, DrawnWire>>;
  /** Box id ↦ the groups it sits in, outermost first (boxes at the top level are absent). */
  readonly groups: Readonly<Record<string, readonly string[]>>;
  readonly learner: LearnerBoxes;
}

/** What `buildModel` writes down as it makes each wire and box. */
export class WireLog {
  readonly wires: ModelWire[] = [];
  readonly inserted: number[] = [];

  made(wire: number, from: PortRef, param: string | undefined): void {
    this.wires[wire] = param === undefined ? { from } : { from, param };
  }

  read(wire: number, to: PortRef | undefined): void {
    if (to) this.wires[wire] = { ...this.wires[wire], to };
  }
}

/** The drawn port that reads a model output: the loss's ŷ if a loss box reads it, else an output box's. */
export function outputReader(g: Graph, out: PortRef): PortRef | undefined {
  const readers = (role: Role) =>
    [...g.feeds.values()]
      .filter((f) => f.from.box === out.box && f.from.port === out.port && g.nodes.get(f.to.box)?.role === role)
      .map((f) => f.to)
      .sort((a, b) => byId(a.box, b.box));
  return readers('loss')[0] ?? readers('output')[0];
}

function drawnWires(g: Graph): Record<string, DrawnWire> {
  const drawn: Record<string, DrawnWire> = {};
  for (const [wire, from] of [...g.wireSources].sort((a, b) => byId(a[0], b[0]))) drawn[wire] = { from, to: [] };
  for (const key of [...g.feeds.keys()].sort(byId)) {
    const feed = g.feeds.get(key);
    if (feed && drawn[feed.wire]) (drawn[feed.wire].to as PortRef[]).push(feed.to);
  }
  return drawn;
}

function groupPaths(doc: LensDocument): Record<string, readonly string[]> {
  const parentOf = new Map<string, string | undefined>(doc.groups.map((g) => [g.id, g.parent]));
  const paths: Record<string, readonly string[]> = {};
  for (const box of [...doc.boxes].sort((a, b) => byId(a.id, b.id))) {
    const path: string[] = [];
    // a circular nesting is the compiler's error elsewhere; here it only stops the walk
    for (let at = box.parent; at !== undefined && !path.includes(at); at = parentOf.get(at)) path.unshift(at);
    if (path.length > 0) paths[box.id] = path;
  }
  return paths;
}

/** Where the loss reads its label: the port wired into a drawn loss's y, else the one label box drawn. */
function labelOf(g: Graph, loss: string | undefined): PortRef | undefined {
  if (loss !== undefined) return g.feeds.get(portKey(loss, 'y'))?.from;
  const labels = g.ids.filter((id) => g.nodes.get(id)?.role === 'label');
  return labels.length === 1 ? { box: labels[0], port: 'y' } : undefined;
}

export function modelSources(doc: LensDocument, g: Graph, log: WireLog, learner: LearnerBoxes): ModelSources {
  const label = labelOf(g, learner.loss);
  return {
    wires: log.wires,
    inserted: log.inserted,
    drawn: drawnWires(g),
    groups: groupPaths(doc),
    learner: label === undefined ? learner : { ...learner, label },
  };
}
