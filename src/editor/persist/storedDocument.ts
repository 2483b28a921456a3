/**
 * A document read back from this browser's storage goes through the same door as a file
 * (size, `__proto__` keys, migrations, the schema, unique ids): a damaged or foreign record is
 * refused whole, with the first problem named by its path, never half-loaded.
 */
import type { LensDocument } from '../../io/document';
import { parseDocument, parseDocumentText } from '../../io/parse';

export type StoredDocument = { ok: true; doc: LensDocument } | { ok: false; reason: string };

/** `raw` is the stored object, or the JSON text a big document is stored as (./idb). */
export function readStoredDocument(raw: unknown): StoredDocument {
  const parsed = typeof raw === 'string' ? parseDocumentText(raw) : parseDocument(raw);
  if (parsed.ok) return { ok: true, doc: parsed.doc };
  const first = parsed.errors[0];
  return { ok: false, reason: `${first?.path || 'document'}: ${first?.message ?? 'invalid'}` };
}
