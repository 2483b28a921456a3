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

  it('turn a v0 bare dataset id into a binding, and leave a binding, its groups and a missing dataset as they are', () => {
    const v0 = { format: 'lensboard-document', version: 0, boxes: [], wires: [] };
    expect(migrateDocument({ ...v0, dataset: 'iris' })).toEqual({
      ok: true,
      from: 0,
      value: { ...v0, version: 1, groups: [], dataset: { id: 'iris', options: {} } },
    });
    const binding = { id: 'spirals', options: { noise: 0.1 } };
    const group = { id: 'g', name: 'G', position: { x: 0, y: 0 }, inputs: [], outputs: [] };
    expect(migrateDocument({ ...v0, dataset: binding, groups: [group] })).toEqual({
      ok: true,
      from: 0,
      value: { ...v0, version: 1, groups: [group], dataset: binding },
    });
    const bare = migrateDocument(v0);
    expect(bare).toEqual({ ok: true, from: 0, value: { ...v0, version: 1, groups: [] } });
    expect(bare.ok && 'dataset' in bare.value).toBe(false);
  });

  it('refuse what is not a JSON object, whatever it is, at the top', () => {
    for (const raw of [null, undefined, 'lensboard-document', 3, true, [], [{ format: 'lensboard-document' }]])
      expect(migrateDocument(raw), JSON.stringify(raw)).toEqual({
        ok: false,
        errors: [{ path: '', message: 'a document is a JSON object' }],
      });
  });

  it('refuse another format, naming the one it reads', () => {
    for (const format of ['tfjs-layers-model', undefined, 'lensboard-lesson'])
      expect(migrateDocument({ format, version: 1 })).toEqual({
        ok: false,
        errors: [{ path: 'format', message: 'not a Lensboard document (format should be "lensboard-document")' }],
      });
  });

  it('refuse a version that is not a whole number from 0, quoting it', () => {
    for (const [version, shown] of [
      [-1, '-1'],
      [0.5, '0.5'],
      ['1', '"1"'],
      [[1], '[1]'],
    ] as const)
      expect(migrateDocument({ format: 'lensboard-document', version })).toEqual({
        ok: false,
        errors: [{ path: 'version', message: `version ${shown} is not a whole number ≥ 0` }],
      });
  });

  it('refuse the version after the current one, saying which versions it reads', () => {
    expect(migrateDocument({ format: 'lensboard-document', version: DOCUMENT_VERSION + 1 })).toEqual({
      ok: false,
      errors: [
        {
          path: 'version',
          message: `this document is version ${DOCUMENT_VERSION + 1}, saved by a newer Lensboard; this one reads versions up to ${DOCUMENT_VERSION}`,
        },
      ],
    });
  });
});
