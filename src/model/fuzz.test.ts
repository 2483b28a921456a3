/**
 * Fuzz of every file Lensboard opens: ≥ 1,000 seeded mutations per run of valid model files
 * (each version's fixture) and documents go through `openFile`, and models that open go on to
 * `loadModel`. Nothing may throw but ModelFileError, every refusal names a JSON path (the
 * root only for a file that is not JSON at all, or too big, or not an object), and
 * Object.prototype is never touched. The seed is printed; replay with FC_SEED=….
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { mutateJsonFile, randomStream } from '../testing/jsonMutations';
import { fcSeed } from '../testing/seed';
import { loadModel, ModelFileError } from './modelRuntime';
import { openFile } from './openFile';

const SEED = fcSeed('fuzz');
const RUNS = 1200;

const read = (name: string) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));
const bases = [
  read('../io/fixtures/model-v1.json'),
  read('../io/fixtures/model-v0.json'),
  read('../io/examples/xor.json'),
];

/** Problems of the whole file, which have no deeper path to name. */
const WHOLE_FILE = /not valid JSON|at most|is a JSON object|nested deeper|not a Lensboard file/;

it(`survives ${RUNS} mutated files without a throw, each refusal naming its path`, () => {
  const prototype = Object.getOwnPropertyNames(Object.prototype).sort();
  const r = randomStream(SEED);
  const outcomes = { document: 0, model: 0, lesson: 0, error: 0, loaded: 0 };
  for (let i = 0; i < RUNS; i++) {
    const text = mutateJsonFile(bases[i % bases.length], r);
    const where = `seed ${SEED}, mutation ${i}`;
    const opened = openFile(text);
    outcomes[opened.kind]++;
    if (opened.kind === 'error') {
      expect(opened.errors.length, where).toBeGreaterThan(0);
      for (const e of opened.errors) {
        if (e.path === '') expect(e.message, `${where}: a refusal without a path`).toMatch(WHOLE_FILE);
      }
    }
    if (opened.kind === 'model') {
      try {
        loadModel(text);
        outcomes.loaded++;
      } catch (e) {
        if (!(e instanceof ModelFileError)) throw new Error(`${where}: loadModel threw ${(e as Error).stack}`);
        expect(
          e.errors.every((x) => x.path !== ''),
          where,
        ).toBe(true);
      }
    }
  }
  console.log('fuzz outcomes', outcomes);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(outcomes.error).toBeGreaterThan(RUNS / 4);
  expect(outcomes.model + outcomes.document).toBeGreaterThan(0);
});
