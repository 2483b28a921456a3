/**
 * Numbered migrations of the document format, as tldraw keeps them: migration n takes a
 * version-n document to version n + 1, so a file of any older version walks the chain up to
 * DOCUMENT_VERSION before the schema sees it. A newer version is refused with a message, never
 * guessed at. Migrations work on plain JSON and must not throw on odd input: the schema after
 * them reports what is still wrong, with its path.
 */
import { DOCUMENT_FORMAT, DOCUMENT_VERSION } from './document';

type Json = Record<string, unknown>;

export interface Migration {
  readonly from: number;
  readonly describe: string;
  up(doc: Json): Json;
}

export interface MigrationIssue {
  readonly path: string;
  readonly message: string;
}

export type MigrationResult = { ok: true; value: Json; from: number } | { ok: false; errors: MigrationIssue[] };

/**
 * v0 was the first prototype's save format: no `groups`, the dataset as a bare id, and boxes
 * that could omit an empty config.
 */
const v0: Migration = {
  from: 0,
  describe: 'add groups; dataset id becomes a binding { id, options }',
  up(doc) {
    const dataset = typeof doc.dataset === 'string' ? { id: doc.dataset, options: {} } : doc.dataset;
    return { ...doc, version: 1, groups: doc.groups ?? [], ...(dataset === undefined ? {} : { dataset }) };
  },
};

/** In order: migrations[n].from === n. */
export const migrations: readonly Migration[] = [v0];

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function migrateDocument(raw: unknown): MigrationResult {
  if (!isObject(raw)) return { ok: false, errors: [{ path: '', message: 'a document is a JSON object' }] };
  if (raw.format !== DOCUMENT_FORMAT) {
    return {
      ok: false,
      errors: [{ path: 'format', message: `not a Lensboard document (format should be "${DOCUMENT_FORMAT}")` }],
    };
  }
  const from = raw.version ?? 0;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0) {
    return {
      ok: false,
      errors: [{ path: 'version', message: `version ${JSON.stringify(from)} is not a whole number ≥ 0` }],
    };
  }
  if (from > DOCUMENT_VERSION) {
    const message = `this document is version ${from}, saved by a newer Lensboard; this one reads versions up to ${DOCUMENT_VERSION}`;
    return { ok: false, errors: [{ path: 'version', message }] };
  }
  let value = raw;
  for (let v = from; v < DOCUMENT_VERSION; v++) value = migrations[v].up(value);
  return { ok: true, value, from };
}
