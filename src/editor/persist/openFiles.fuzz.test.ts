/**
 * Fuzz of Open and paste in the editor: seeded mutations of model files, documents and copied
 * fragments go through the editor's own paths (openText, pasteText) into a store holding
 * unsaved work. Nothing may throw; a refused file changes nothing in the editor (document,
 * history, opened model) and names each problem's path; and whatever is let in — a file opened,
 * boxes pasted — is a document the loader accepts again, so autosave never stores a diagram it
 * could not load back. The seed is printed; replay with FC_SEED=…. A seed that ever failed is
 * added to REGRESSION_SEEDS and replayed on every run from then on.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseDocument } from '../../io/parse';
import { mutateJsonFile, randomStream } from '../../testing/jsonMutations';
import { fcSeed } from '../../testing/seed';
import { pasteText } from '../commands/clipboard';
import { makeFragment } from '../model/fragment';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { startOpened } from './openFiles';
import { openText } from './openText';

const SEED = fcSeed('fuzz');
/** Seeds that once found a fault, replayed for ever (each with RUNS / 4 mutations). */
const REGRESSION_SEEDS: readonly number[] = [
  20261203, // an array given an own `constructor` key, then spliced (the mutator's own fault)
];
const RUNS = 1000;

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const files = [
  read('../../io/fixtures/model-v1.json'),
  read('../../io/fixtures/model-v0.json'),
  read('../../io/examples/xor.json'),
];
const fragment = makeFragment(xorExample(), ['lin1', 'W1', 'bias1', 'b1']);

/** Problems of the whole file, which have no deeper path to name. */
const WHOLE_FILE = /not valid JSON|at most|is a JSON object|nested deeper|not a Lensboard file/;

function storeWithWork() {
  const store = createEditorStore({ doc: xorExample() });
  store.getState().moveNodes(new Map([['x', { x: 3, y: 4 }]]));
  return store;
}

/** The editor's document is one the loader takes back as it is (what autosave stores and restores). */
function loadsBack(doc: unknown, where: string): void {
  const again = parseDocument(JSON.parse(JSON.stringify(doc)));
  expect(again.ok ? [] : again.errors, `${where}: the editor holds a document the loader refuses`).toEqual([]);
}

function fuzz(seed: number, runs: number) {
  const r = randomStream(seed);
  const outcomes = { refused: 0, opened: 0, pasted: 0, pasteRefused: 0 };
  for (let i = 0; i < runs; i++) {
    const where = `seed ${seed}, mutation ${i}`;
    const store = storeWithWork();
    const before = store.getState().doc;
    const history = store.temporal.getState().pastStates.length;
    openText(store, 'fuzz.json', mutateJsonFile(files[i % files.length], r));
    const s = store.getState();
    if (s.openProblem) {
      outcomes.refused++;
      expect(s.doc, where).toBe(before);
      expect(store.temporal.getState().pastStates.length, where).toBe(history);
      expect(s.openedModel, where).toBeNull();
      expect(s.discardPrompt, where).toBe(false);
      for (const e of s.openProblem.errors)
        if (e.path === '') expect(e.message, `${where}: a refusal without a path`).toMatch(WHOLE_FILE);
    } else {
      // Unsaved work: asked first, nothing replaced until the answer.
      expect(s.doc, where).toBe(before);
      const intent = s.discardPrompt;
      if (intent === false || intent.next !== 'file') throw new Error(`${where}: neither refused nor asked`);
      startOpened(store, intent.file, intent.opened);
      outcomes.opened++;
      loadsBack(store.getState().doc, where);
    }

    const pasting = storeWithWork();
    const was = pasting.getState().doc;
    pasteText(pasting, mutateJsonFile(fragment, r));
    if (pasting.getState().doc === was) outcomes.pasteRefused++;
    else {
      outcomes.pasted++;
      loadsBack(pasting.getState().doc, `${where} (paste)`);
    }
  }
  return outcomes;
}

it(`opens and pastes ${RUNS} mutated files: refusals change nothing and name their paths, and what opens loads back`, () => {
  const prototype = Object.getOwnPropertyNames(Object.prototype).sort();
  const outcomes = fuzz(SEED, RUNS);
  for (const seed of REGRESSION_SEEDS) fuzz(seed, RUNS / 4);
  console.log('fuzz outcomes', outcomes);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(outcomes.refused).toBeGreaterThan(RUNS / 4);
  expect(outcomes.opened).toBeGreaterThan(0);
  expect(outcomes.pasted).toBeGreaterThan(0);
  expect(outcomes.pasteRefused).toBeGreaterThan(0);
});
