/**
 * A document's identity for its runs: a short content hash of what a run trains of it
 * (trainedShape: boxes, configs, wires, data, the settings a run cannot change), so a run
 * names the document it trained, and re-opening the same content finds the same runs.
 */
import { digest } from '../../data/digest';
import type { LensDocument } from '../../io/document';
import { trainedShape } from './trainedShape';

export function documentHash(doc: LensDocument): string {
  return digest(trainedShape(doc));
}
