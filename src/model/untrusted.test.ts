/**
 * The checked door holds every reader to the same line: the same hostile tree is refused at the
 * same JSON path whether it comes as a document, a model file, a lesson (opened, or as a value),
 * or a share link.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_COLUMN_NAMES } from '../data/csvHeader';
import { deflate, toBase64Url } from '../io/deflated';
import { parseLesson } from '../io/lesson';
import { parseDocumentText } from '../io/parse';
import { readShareHash } from '../io/shareLink';
import { FORBIDDEN_KEYS, findUnsafe, MAX_DEPTH, readUntrustedJson } from '../io/untrusted';
import { parseModelText } from './modelParse';
import { openFile } from './openFile';

const text = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');
const FILES = {
  document: text('../io/examples/xor.json'),
  model: text('../io/fixtures/model-v1.json'),
  lesson: text('../io/fixtures/lesson-example.json'),
  lessonWithDocument: text('../io/fixtures/lesson-document.json'),
};

/** The file with `"hostile": <value>` written as the first key of the object at `"id":`'s place. */
const inject = (file: string, json: string) => file.replace(/"id":/, `"hostile":${json},"id":`);

type Errors = readonly { path: string; message: string }[];
const errorsOf = async (kind: keyof typeof FILES, t: string): Promise<Errors> => {
  const results: Errors[] = [];
  const opened = openFile(t);
  results.push(opened.kind === 'error' ? opened.errors : []);
  if (kind === 'document') {
    const r = parseDocumentText(t);
    results.push(r.ok ? [] : r.errors);
  }
  if (kind === 'model') {
    const r = parseModelText(t);
    results.push(r.ok ? [] : r.errors);
  }
  if (kind !== 'model') {
    const link = await readShareHash(`#d=${toBase64Url(await deflate(new TextEncoder().encode(t)))}`);
    results.push(link.kind === 'error' ? link.errors : []);
  }
  if (kind.startsWith('lesson')) {
    const r = parseLesson(JSON.parse(t));
    results.push(r.ok ? [] : r.errors);
  }
  // Every reader gives the same refusal.
  for (const r of results.slice(1)) expect(r).toEqual(results[0]);
  return results[0];
};

describe('the checked door', () => {
  const kinds = Object.keys(FILES) as (keyof typeof FILES)[];

  it.each(kinds)('%s: refuses __proto__, constructor and prototype keys at their path', async (kind) => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const errors = await errorsOf(kind, inject(FILES[kind], `{"${key}":{"polluted":true}}`));
      expect(errors, key).toHaveLength(1);
      expect(errors[0]).toEqual({
        path: expect.stringMatching(new RegExp(`hostile.${key}$`)),
        message: `the key "${key}" is not allowed`,
      });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(kinds)('%s: refuses nesting 100,000 deep at the depth cap, naming the path', async (kind) => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const errors = await errorsOf(kind, inject(FILES[kind], deep));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe(`nested deeper than ${MAX_DEPTH} levels`);
    expect(errors[0].path).toMatch(/hostile(\[0\])+$/);
  });

  it.each(kinds)('%s: refuses a number that overflows to Infinity, naming its path', async (kind) => {
    const errors = await errorsOf(kind, inject(FILES[kind], '[1, 1e999]'));
    expect(errors).toEqual([
      {
        path: expect.stringMatching(/hostile\[1\]$/),
        message: 'a number too large to read (it overflows to Infinity)',
      },
    ]);
  });

  it('opens every file as it is, so the refusals above are the hostile part alone', async () => {
    for (const kind of kinds) expect(await errorsOf(kind, FILES[kind]), kind).toEqual([]);
  });

  it('holds values that never were text to the same checks', () => {
    const lesson = JSON.parse(FILES.lesson);
    Object.defineProperty(lesson.steps[0], '__proto__', { value: {}, enumerable: true });
    expect(parseLesson(lesson)).toEqual({
      ok: false,
      errors: [{ path: 'steps[0].__proto__', message: 'the key "__proto__" is not allowed' }],
    });
    expect(findUnsafe({ a: [{ constructor: 1 }] })).toEqual({
      path: 'a[0].constructor',
      message: 'the key "constructor" is not allowed',
    });
  });

  it("refuses the same names as the CSV import's reserved column names", () => {
    expect([...RESERVED_COLUMN_NAMES].sort()).toEqual([...FORBIDDEN_KEYS].sort());
  });

  it('refuses a text past its cap before parsing it, naming both sizes', () => {
    expect(readUntrustedJson('\uFEFF[1,2]', 5)).toEqual({ ok: true, value: [1, 2], chars: 5 });
    expect(readUntrustedJson('[1, 2]', 5, 'the lesson')).toEqual({
      ok: false,
      errors: [{ path: '', message: 'the lesson has 6 characters; it may have at most 5 (0.000005 MB)' }],
    });
  });
});
