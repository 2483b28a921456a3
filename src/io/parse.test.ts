/** Reading documents from outside: every error names its JSON path. */
import { describe, expect, it } from 'vitest';
import { group } from '../testing/documents';
import { loadExample } from './examples';
import { MAX_DOCUMENT_CHARS, parseDocument, parseDocumentText } from './parse';
import { formatPath, MAX_OBJECT_KEYS } from './untrusted';

const minimal = () => ({
  format: 'lensboard-document',
  version: 1,
  boxes: [
    { id: 'a', generator: 'input', position: { x: 0, y: 0 } },
    { id: 'b', generator: 'output', config: {}, position: { x: 100, y: 0 } },
  ],
  wires: [{ id: 'w', from: { box: 'a', port: 'x' }, to: { box: 'b', port: 'ŷ' } }],
});

const fail = (r: ReturnType<typeof parseDocument>) => {
  if (r.ok) throw new Error('expected a failure');
  return r.errors;
};

describe('parseDocument', () => {
  it('accepts a minimal document and fills the defaults', () => {
    const r = parseDocument(minimal());
    expect(r.ok && r.doc).toMatchObject({ name: 'Untitled', groups: [], boxes: [{ config: {} }, {}] });
  });

  it('names the JSON path of a bad field', () => {
    const d = minimal();
    (d.boxes[1].position as { x: unknown }).x = 'left';
    expect(fail(parseDocument(d))).toEqual([
      { path: 'boxes[1].position.x', message: expect.stringContaining('number') },
    ]);
  });

  it('reports every bad field, not just the first', () => {
    const d = { ...minimal(), wires: [{ id: 'w', from: { box: 'a' }, to: { box: 'bad id!', port: 'x' } }] };
    expect(fail(parseDocument(d)).map((e) => e.path)).toEqual(['wires[0].from.port', 'wires[0].to.box']);
  });

  it('refuses duplicate ids, naming both places', () => {
    const d = minimal();
    d.boxes[1].id = 'a';
    expect(fail(parseDocument(d))).toEqual([
      { path: 'boxes[1].id', message: "duplicate id 'a' (also at boxes[0].id)" },
    ]);
  });

  it('reads a current document without saying it was migrated, and an old one saying from which version', () => {
    const d = minimal();
    expect(parseDocument(d)).toEqual({
      ok: true,
      doc: { ...d, name: 'Untitled', groups: [], boxes: [{ ...d.boxes[0], config: {} }, d.boxes[1]] },
    });
    const { version: _, ...v0 } = d;
    expect(parseDocument(v0)).toMatchObject({ ok: true, migratedFrom: 0, doc: { version: 1 } });
  });

  it('refuses an unsafe tree or a document of another format before the schema', () => {
    const d: Record<string, unknown> = { ...minimal(), boxes: 'none' };
    d.prototype = {};
    expect(fail(parseDocument(d))).toEqual([{ path: 'prototype', message: 'the key "prototype" is not allowed' }]);
    expect(fail(parseDocument({ ...minimal(), format: 'x', boxes: 'none' }))).toEqual([
      { path: 'format', message: 'not a Lensboard document (format should be "lensboard-document")' },
    ]);
  });

  it('holds boxes and groups to one namespace of ids and wires to another, naming every repeat', () => {
    const d = {
      ...minimal(),
      groups: [{ id: 'a', name: 'A', position: { x: 0, y: 0 }, inputs: [], outputs: [] }],
      wires: [...minimal().wires, { id: 'w', from: { box: 'a', port: 'x' }, to: { box: 'b', port: 'x' } }],
    };
    expect(fail(parseDocument(d))).toEqual([
      { path: 'groups[0].id', message: "duplicate id 'a' (also at boxes[0].id)" },
      { path: 'wires[1].id', message: "duplicate id 'w' (also at wires[0].id)" },
    ]);
    const apart = { ...minimal(), wires: [{ ...minimal().wires[0], id: 'a' }] };
    expect(parseDocument(apart).ok).toBe(true);
  });

  it('gives the members of tied groups written before tie keys the keys of their old pairing', () => {
    const member = (id: string, parent: string) => ({ id, generator: 'relu', position: { x: 0, y: 0 }, parent });
    const d = {
      ...minimal(),
      boxes: [member('r1', 'A'), member('r2', 'B')],
      wires: [],
      groups: [group('A'), group('B', { tiedTo: 'A' })],
    };
    const r = parseDocument(d);
    expect(r.ok && r.doc.boxes.map((b) => [b.id, b.tieKey])).toEqual([
      ['r1', 'r1'],
      ['r2', 'r1'],
    ]);
  });

  it('formats odd keys as brackets', () => {
    expect(formatPath(['training', 'optimiser', 'learningRate'])).toBe('training.optimiser.learningRate');
    expect(formatPath(['boxes', 0, 'config', 'a key'])).toBe('boxes[0].config["a key"]');
  });
});

describe('parseDocumentText', () => {
  it('reports JSON syntax errors', () => {
    const [e] = fail(parseDocumentText('{"format": "lensboard-document",'));
    expect(e.path).toBe('');
    expect(e.message).toMatch(/^not valid JSON at line 1, column \d+: /);
  });

  it('rejects __proto__ keys wherever they are', () => {
    const text = JSON.stringify(minimal()).replace('"config":{}', '"config":{"__proto__":{"polluted":true}}');
    expect(fail(parseDocumentText(text))).toEqual([
      { path: 'boxes[1].config.__proto__', message: 'the key "__proto__" is not allowed' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses text over the size cap before parsing it, and reads text at it', () => {
    expect(fail(parseDocumentText(' '.repeat(MAX_DOCUMENT_CHARS + 1)))).toEqual([
      {
        path: '',
        message: `the document has ${MAX_DOCUMENT_CHARS + 1} characters; it may have at most ${MAX_DOCUMENT_CHARS} (5 MB)`,
      },
    ]);
    const json = JSON.stringify(minimal());
    expect(parseDocumentText(json + ' '.repeat(MAX_DOCUMENT_CHARS - json.length)).ok).toBe(true);
  });

  it('refuses absurd nesting', () => {
    const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    const text = JSON.stringify({ ...minimal(), name: 'x' }).replace('"name":"x"', `"name":"x","extra":${deep}`);
    expect(fail(parseDocumentText(text))[0].message).toContain('nested deeper');
  });

  it('refuses an object with more keys than any config or options hold, naming it', () => {
    const keys = Object.fromEntries(Array.from({ length: MAX_OBJECT_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    const text = JSON.stringify(minimal()).replace('"config":{}', `"config":${JSON.stringify(keys)}`);
    expect(fail(parseDocumentText(text))).toEqual([
      {
        path: 'boxes[1].config',
        message: `an object with ${MAX_OBJECT_KEYS + 1} keys; at most ${MAX_OBJECT_KEYS} are read`,
      },
    ]);
    const enough = Object.fromEntries(Object.entries(keys).slice(0, MAX_OBJECT_KEYS));
    const ok = JSON.stringify(minimal()).replace('"config":{}', `"config":${JSON.stringify(enough)}`);
    expect(parseDocumentText(ok).ok).toBe(true);
  });

  it('round-trips an example through text', () => {
    const doc = loadExample('iris-simple');
    const r = parseDocumentText(JSON.stringify(doc));
    expect(r.ok && r.doc).toEqual(doc);
  });
});
