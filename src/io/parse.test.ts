/** Reading documents from outside: every error names its JSON path. */
import { describe, expect, it } from 'vitest';
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

  it('refuses text over the size cap before parsing it', () => {
    const [e] = fail(parseDocumentText(' '.repeat(MAX_DOCUMENT_CHARS + 1)));
    expect(e.message).toContain('at most');
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
