/**
 * A document's identity for its runs: a short content hash of what a run trains of it, its
 * groups drawn through (runShape: boxes, configs, wires, data, the settings a run cannot
 * change), so a run names the document it trained, re-opening the same content finds the same
 * runs, and grouping boxes as a Para box leaves the document the one its runs trained.
 */
import { digest } from '../../data/digest';
import type { LensDocument } from '../../io/document';
import { runShape, trainedShape } from './trainedShape';

export function documentHash(doc: LensDocument): string {
  return digest(runShape(doc));
}

/**
 * Every hash a run kept of this document may carry: its own, and for a drawing with groups the
 * one runs kept of it before groups were drawn through (trainedShape's), so they stay its own.
 */
export function documentHashes(doc: LensDocument): readonly string[] {
  const hash = documentHash(doc);
  return doc.groups.length === 0 ? [hash] : [hash, digest(trainedShape(doc))];
}
