import { DOCUMENT_FORMAT, DOCUMENT_VERSION, type LensDocument } from '../../io/document';

export function emptyDocument(name = 'Untitled'): LensDocument {
  return { format: DOCUMENT_FORMAT, version: DOCUMENT_VERSION, name, boxes: [], wires: [], groups: [] };
}
