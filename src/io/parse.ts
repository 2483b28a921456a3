/**
 * Reading a document from outside (a file, the clipboard, IndexedDB, a share link): the checked
 * door's caps and keys (untrusted.ts), migrations, the zod schema, then ids that must be unique.
 * Every error names the JSON path of what is wrong (`boxes[3].position.x`), so the user can
 * find it in the file.
 */
import { DocumentSchema, type LensDocument } from './document';
import { migrateDocument } from './migrate';
import { withTieKeys } from './tiePairs';
import { type DocumentIssue, findUnsafe, formatPath, readUntrustedJson } from './untrusted';

export type { DocumentIssue } from './untrusted';

export type ParseResult =
  | { ok: true; doc: LensDocument; migratedFrom?: number }
  | { ok: false; errors: DocumentIssue[] };

/** Far above any drawn diagram (a 300-box document is ~100 kB); weights live in the model file. */
export const MAX_DOCUMENT_CHARS = 5_000_000;

/** Box and group ids share one namespace: a wire end may name either. Wire ids are their own. */
function duplicateIds(doc: LensDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const check = (seen: Map<string, string>, id: string, path: string) => {
    const first = seen.get(id);
    if (first !== undefined) issues.push({ path, message: `duplicate id '${id}' (also at ${first})` });
    else seen.set(id, path);
  };
  const nodes = new Map<string, string>();
  for (const [i, b] of doc.boxes.entries()) check(nodes, b.id, `boxes[${i}].id`);
  for (const [i, g] of doc.groups.entries()) check(nodes, g.id, `groups[${i}].id`);
  const wires = new Map<string, string>();
  for (const [i, w] of doc.wires.entries()) check(wires, w.id, `wires[${i}].id`);
  return issues;
}

export function parseDocument(json: unknown): ParseResult {
  const unsafe = findUnsafe(json);
  if (unsafe) return { ok: false, errors: [unsafe] };
  const migrated = migrateDocument(json);
  if (!migrated.ok) return migrated;
  const parsed = DocumentSchema.safeParse(migrated.value);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })) };
  }
  const dups = duplicateIds(parsed.data);
  if (dups.length > 0) return { ok: false, errors: dups };
  // Tied copies written before tie keys get them once, from the order that paired them then.
  const doc = withTieKeys(parsed.data);
  return migrated.from < parsed.data.version ? { ok: true, doc, migratedFrom: migrated.from } : { ok: true, doc };
}

export function parseDocumentText(text: string): ParseResult {
  const read = readUntrustedJson(text, MAX_DOCUMENT_CHARS, 'the document');
  return read.ok ? parseDocument(read.value) : read;
}
