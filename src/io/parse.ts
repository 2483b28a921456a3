/**
 * Reading a document from outside (a file, the clipboard, IndexedDB, a share link): size cap,
 * JSON syntax, `__proto__` keys, migrations, the zod schema, then ids that must be unique.
 * Every error names the JSON path of what is wrong (`boxes[3].position.x`), so the user can
 * find it in the file.
 */
import { DocumentSchema, type LensDocument } from './document';
import { migrateDocument } from './migrate';

export interface DocumentIssue {
  /** Like `boxes[3].position.x`; empty for the document as a whole. */
  readonly path: string;
  readonly message: string;
}

export type ParseResult =
  | { ok: true; doc: LensDocument; migratedFrom?: number }
  | { ok: false; errors: DocumentIssue[] };

/** Far above any drawn diagram (a 300-box document is ~100 kB); weights live in the model file. */
export const MAX_DOCUMENT_CHARS = 5_000_000;
const MAX_DEPTH = 64;
/**
 * Keys of one JSON object (not array): far above any config, options or settings drawn here
 * (a few dozen), and low enough that a record of a million keys is refused before zod, the
 * compiler or the dataset checks walk it. Arrays are bounded by their schemas instead.
 */
export const MAX_OBJECT_KEYS = 1000;

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? (out ? `${out}.${name}` : name) : `${out}[${JSON.stringify(name)}]`;
  }, '');
}

/**
 * `__proto__` as an own key could pollute prototypes where the data is later spread or merged;
 * depth and the keys of one object are bounded too, so nothing later walks an absurd tree.
 */
export function findUnsafe(value: unknown, path: PropertyKey[] = []): DocumentIssue | undefined {
  if (path.length > MAX_DEPTH) return { path: formatPath(path), message: `nested deeper than ${MAX_DEPTH} levels` };
  if (typeof value !== 'object' || value === null) return undefined;
  const keys = Object.keys(value);
  if (!Array.isArray(value) && keys.length > MAX_OBJECT_KEYS)
    return {
      path: formatPath(path),
      message: `an object with ${keys.length} keys; at most ${MAX_OBJECT_KEYS} are read`,
    };
  for (const key of keys) {
    if (key === '__proto__') return { path: formatPath([...path, key]), message: 'the key "__proto__" is not allowed' };
    const inner = findUnsafe((value as Record<string, unknown>)[key], [
      ...path,
      Array.isArray(value) ? Number(key) : key,
    ]);
    if (inner) return inner;
  }
  return undefined;
}

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
  return migrated.from < parsed.data.version
    ? { ok: true, doc: parsed.data, migratedFrom: migrated.from }
    : { ok: true, doc: parsed.data };
}

export function parseDocumentText(text: string): ParseResult {
  if (text.length > MAX_DOCUMENT_CHARS) {
    return {
      ok: false,
      errors: [
        {
          path: '',
          message: `the file has ${text.length} characters; a document may have at most ${MAX_DOCUMENT_CHARS}`,
        },
      ],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [{ path: '', message: `not valid JSON: ${(e as Error).message}` }] };
  }
  return parseDocument(json);
}
