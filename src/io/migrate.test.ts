/** Migrations walk old documents up to the current version; newer ones are refused. */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_VERSION } from './document';
import { migrateDocument, migrations } from './migrate';
import { parseDocument } from './parse';

describe('migrations', () => {
  it('form one chain from version 0 to the current one', () => {
    expect(migrations.map((m) => m.from)).toEqual(Array.from({ length: DOCUMENT_VERSION }, (_, i) => i));
  });

  it('bring a v0 document (no groups, dataset as a bare id) to v1', () => {
    const v0 = { format: 'lensboard-document', version: 0, boxes: [], wires: [], dataset: 'iris' };
    const r = parseDocument(v0);
    expect(r.ok && r).toMatchObject({
      migratedFrom: 0,
      doc: { version: 1, groups: [], dataset: { id: 'iris', options: {} } },
    });
  });

  it('treat a document without a version as v0', () => {
    expect(migrateDocument({ format: 'lensboard-document', boxes: [], wires: [] })).toMatchObject({
      ok: true,
      from: 0,
      value: { version: 1 },
    });
  });

  it('refuse a newer version with a clear message', () => {
    const r = parseDocument({ format: 'lensboard-document', version: DOCUMENT_VERSION + 1, boxes: [], wires: [] });
    expect(r).toEqual({
      ok: false,
      errors: [{ path: 'version', message: expect.stringContaining('newer Lensboard') }],
    });
  });

  it('refuse what is not a Lensboard document', () => {
    expect(parseDocument([1, 2])).toEqual({
      ok: false,
      errors: [{ path: '', message: 'a document is a JSON object' }],
    });
    expect(parseDocument({ format: 'tfjs-layers-model' })).toMatchObject({ ok: false, errors: [{ path: 'format' }] });
    expect(parseDocument({ format: 'lensboard-document', version: 0.5 })).toMatchObject({
      ok: false,
      errors: [{ path: 'version' }],
    });
  });

  it('leave a current document as it is', () => {
    const doc = { format: 'lensboard-document', version: DOCUMENT_VERSION, boxes: [], wires: [], groups: [] };
    expect(migrateDocument(doc)).toEqual({ ok: true, value: doc, from: DOCUMENT_VERSION });
  });
});
