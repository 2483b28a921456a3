/**
 * What of a document a run is trained on: its boxes (and their configs), wires, dataset and the
 * settings a run cannot change while it runs. Moving a box, renaming it, or changing a learning
 * rate or an optimiser's numbers (which reach a run at its next step) leave it unchanged.
 */

import { ErrorList } from '../../compile/errors';
import { GroupIndex } from '../../compile/groups';
import type { LensDocument } from '../../io/document';

function configOf(b: LensDocument['boxes'][number]): unknown {
  if (b.generator === 'learning-rate') return null;
  if (b.generator === 'optimiser') return (b.config as { kind?: unknown }).kind ?? null;
  return b.config;
}

function shapeParts(doc: LensDocument) {
  const t = doc.training;
  return {
    boxes: doc.boxes.map((b) => [b.id, b.generator, configOf(b)]),
    wires: doc.wires.map((w) => [w.from.box, w.from.port, w.to.box, w.to.port]),
    dataset: doc.dataset ?? null,
    training: [t?.batchSize, t?.testFraction, t?.loss ?? null, t?.optimiser?.kind ?? null, t?.learn ?? 'weights'],
    dream: t?.learn === 'input' || t?.learn === 'both' ? (t.dream ?? null) : null,
  };
}

export function trainedShape(doc: LensDocument): string {
  return JSON.stringify(shapeParts(doc));
}

/** The wires with the groups drawn through (in the document's order), the ties between groups, and how many wires did not resolve. */
function drawnThrough(doc: LensDocument) {
  const groups = new GroupIndex(doc);
  const errors = new ErrorList();
  const wires: string[][] = [];
  for (const w of doc.wires) {
    const from = groups.source(w.from, errors, w.id);
    for (const to of from ? groups.targets(w.to, errors, w.id) : [])
      if (from) wires.push([from.box, from.port, to.box, to.port]);
  }
  const ties = [
    ...doc.groups.filter((g) => g.tiedTo !== undefined).map((g) => [g.id, g.tiedTo]),
    ...doc.boxes.filter((b) => b.tieKey !== undefined).map((b) => [b.id, b.tieKey]),
  ];
  return { wires, ties, errors: errors.items.length };
}

/**
 * The trained shape with the groups drawn through, as the compiler flattens them: equal for a
 * drawing and the same drawing with boxes grouped as Para boxes (grouping reroutes their wires
 * through the group's ports, and trainedShape tells the two apart), unequal when a group ties
 * its parameters to another's.
 */
export function flatTrainedShape(doc: LensDocument): string {
  const { wires, ties, errors } = drawnThrough(doc);
  wires.sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
  return JSON.stringify({ ...shapeParts(doc), wires, ties, errors });
}

/**
 * What a document is known by among runs (./documentHash.ts): the trained shape with the groups
 * drawn through, so that grouping boxes as a Para box (or ungrouping them) leaves it as it was.
 * A drawing without groups is known exactly as before groups counted (its trainedShape), so the
 * runs kept of it are still its own; the wires keep the document's order, which grouping keeps.
 */
export function runShape(doc: LensDocument): string {
  if (doc.groups.length === 0) return trainedShape(doc);
  const { wires, ties, errors } = drawnThrough(doc);
  const tied = doc.groups.some((g) => g.tiedTo !== undefined);
  return JSON.stringify({
    ...shapeParts(doc),
    wires,
    ...(tied ? { ties } : {}),
    ...(errors > 0 ? { errors } : {}),
  });
}
