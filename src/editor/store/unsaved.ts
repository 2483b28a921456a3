/**
 * Is there work to lose? "Unsaved" means changes not yet kept as a file (Export) since the
 * document was opened; `exportedDoc` marks the last such point (types.ts). Autosave does not
 * count: "New diagram" overwrites it. An empty canvas has nothing to lose, whatever its history.
 */
import type { LensDocument } from '../../io/document';

export function hasUnsavedWork(s: { doc: LensDocument; exportedDoc: LensDocument | null }): boolean {
  if (s.doc.boxes.length === 0 && s.doc.groups.length === 0) return false;
  return s.doc !== s.exportedDoc;
}
