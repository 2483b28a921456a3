/**
 * Fuzz of lesson files (docs/lessons.md, docs/untrusted-input.md): 1,000 seeded mutations a run
 * of two lessons — one starting from an example, one carrying its own document — go through
 * the one door (openFile) and, as values, through parseLesson. Nothing throws; both give the
 * same answer; every refusal names a JSON path (the root only for a text that is not JSON, too
 * big, or not a Lensboard file); Object.prototype is never touched.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseLesson } from '../io/lesson';
import { FUZZ_RUNS, fuzz, prototypeNames } from '../testing/fuzz';
import { mutateJsonFile, randomStream } from '../testing/jsonMutations';
import { openFile } from './openFile';

const read = (name: string) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));
const bases = [read('../io/fixtures/lesson-example.json'), read('../io/fixtures/lesson-document.json')];

/** Problems of the whole file, which have no deeper path to name. */
const WHOLE_FILE = /not valid JSON|at most|is a JSON object|not a Lensboard file/;
/** A forbidden name as a key of the JSON text (a key, unlike a value, is followed by a colon). */
const FORBIDDEN_KEY = /"(__proto__|constructor|prototype)"\s*:/;

it(`opens ${FUZZ_RUNS} mutated lessons without a throw, each refusal naming its path`, async () => {
  const prototype = prototypeNames();
  const outcomes = { lesson: 0, error: 0 };
  const mutated = fc
    .tuple(fc.nat(bases.length - 1), fc.nat())
    .map(([b, seed]) => mutateJsonFile(bases[b], randomStream(seed)));
  await fuzz(mutated, (text) => {
    const opened = openFile(text);
    expect(['lesson', 'error']).toContain(opened.kind);
    outcomes[opened.kind as 'lesson' | 'error']++;
    // A lesson that opens holds no key a later merge could take for an object's machinery.
    if (opened.kind === 'lesson') expect(text).not.toMatch(FORBIDDEN_KEY);
    if (opened.kind === 'error') {
      expect(opened.errors.length).toBeGreaterThan(0);
      for (const e of opened.errors) if (e.path === '') expect(e.message).toMatch(WHOLE_FILE);
    }
    let value: unknown;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      return;
    }
    const parsed = parseLesson(value);
    if (opened.kind === 'lesson')
      expect(parsed).toEqual({ ok: true, ready: { lesson: opened.lesson, doc: opened.doc } });
    if (!parsed.ok) for (const e of parsed.errors) expect(e.path).not.toBe('');
  });
  console.log('lesson fuzz outcomes', outcomes);
  expect(prototypeNames()).toEqual(prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(outcomes.lesson).toBeGreaterThan(0);
  expect(outcomes.error).toBeGreaterThan(FUZZ_RUNS / 4);
});
