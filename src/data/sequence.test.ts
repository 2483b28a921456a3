import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { catalogEntry, entryShapes } from './catalog';
import { loadDatasetNode } from './catalogNode';
import { type Dataset, splitDataset } from './dataset';
import { parsePreparation, preparationOf, prepare } from './preparation';
import { windowText } from './sequence';
import { TEXT_TEST_SHARE, textDataset } from './text';
import { loadTextNode } from './textNode';
import { decodeIds, encodeText, OTHER_SYMBOL, type Vocabulary, vocabularyOf } from './vocabulary';

const FC_SEED = fcSeed();

const vocabularyOfSet = (ds: Dataset): Vocabulary => {
  const e = preparationOf(ds).tokens;
  if (!e) throw new Error(`${ds.name}: not a token preparation`);
  return e;
};

/** Row r as text (sequence.ts), its label rows checked to be one-hot or zero first. */
function rowText(ds: Dataset, r: number): { input: string; next: string } {
  const [T, V] = ds.labelShape;
  expect(vocabularyOfSet(ds).symbols).toHaveLength(V);
  for (let t = 0; t < T; t++) {
    const y = ds.labels.subarray((r * T + t) * V, (r * T + t + 1) * V);
    const ones = y.reduce((s, x) => s + x, 0);
    expect(ones === 0 || (ones === 1 && y.every((x) => x === 0 || x === 1))).toBe(true);
  }
  return windowText(ds, r);
}

describe('text: windows of the addresses', () => {
  it('has the declared shapes, and each label is the next character of the text', async () => {
    const text = await loadTextNode();
    expect(text.length).toBe(163_736);
    const ds = await loadDatasetNode('text', { context: 16, windows: 50, seed: 3 });
    expect(ds.featureShape).toEqual([16]);
    expect(ds.labelShape).toEqual([16, 76]);
    expect(entryShapes(catalogEntry('text'), { context: 16 })).toEqual({ featureShape: [16], labelShape: [16, 76] });
    expect(ds.n).toBe(50);
    expect(ds.classes).toContain('space');
    expect(ds.classes).toContain('newline');
    expect(ds.classes?.at(-1)).toBe('other');
    for (let r = 0; r < ds.n; r++) {
      const { input, next } = rowText(ds, r);
      const at = text.indexOf(input + next.at(-1));
      expect(at, `window ${r}`).toBeGreaterThanOrEqual(0);
      expect(next).toBe(text.slice(at + 1, at + 17));
    }
  });

  it('takes its test windows from the last tenth of the text only, whatever split is asked', async () => {
    const text = await loadTextNode();
    const cut = Math.floor(text.length * (1 - TEXT_TEST_SHARE));
    const ds = textDataset(text, { context: 64, windows: 200, seed: 7 });
    expect(ds.heldOut).toBe(20);
    const { train, test } = splitDataset(ds, 0.5, 1);
    expect([train.n, test.n]).toEqual([180, 20]);
    expect(train.heldOut).toBeUndefined();
    const where = (d: Dataset, r: number) => {
      const { input, next } = rowText(d, r);
      return [text.indexOf(input + next.at(-1)), text.lastIndexOf(input + next.at(-1))];
    };
    for (let r = 0; r < train.n; r++) expect(where(train, r)[0] + 65, `train ${r}`).toBeLessThanOrEqual(cut);
    for (let r = 0; r < test.n; r++) expect(where(test, r)[1], `test ${r}`).toBeGreaterThanOrEqual(cut);
    // No split asked for: every window trains.
    expect(splitDataset(ds, 1, 1).train.n).toBe(200);
  });

  it('is the same for the same seed, and another for another', async () => {
    const text = await loadTextNode();
    const a = textDataset(text, { seed: 5, windows: 20 });
    expect(textDataset(text, { seed: 5, windows: 20 }).features).toEqual(a.features);
    expect(textDataset(text, { seed: 6, windows: 20 }).features).not.toEqual(a.features);
  });
});

describe('reverse and addition', () => {
  it('reverse: the answer is the letters backwards, and only the answer is trained', async () => {
    const ds = await loadDatasetNode('reverse', { length: 4, examples: 30, seed: 2 });
    expect([ds.featureShape, ds.labelShape, ds.n]).toEqual([[8], [8, 5], 30]);
    for (let r = 0; r < ds.n; r++) {
      const { input, next } = rowText(ds, r);
      const letters = input.slice(0, 4);
      expect(input[4]).toBe('|');
      expect(next).toBe(`····${[...letters].reverse().join('')}`);
    }
  });

  it('addition: the sum least significant digit first, the operands untrained', async () => {
    const ds = await loadDatasetNode('addition', { digits: 3, examples: 30, seed: 4 });
    expect([ds.featureShape, ds.labelShape, ds.n]).toEqual([[11], [11, 12], 30]);
    for (let r = 0; r < ds.n; r++) {
      const { input, next } = rowText(ds, r);
      const [, a, b] = /^(\d{3})\+(\d{3})=/.exec(input) ?? [];
      const sum = String(Number(a) + Number(b)).padStart(4, '0');
      expect(next).toBe(`·······${[...sum].reverse().join('')}`);
    }
  });

  it('is the same for the same seed', async () => {
    for (const id of ['reverse', 'addition']) {
      const a = await loadDatasetNode(id, { seed: 9, examples: 50 });
      expect((await loadDatasetNode(id, { seed: 9, examples: 50 })).features, id).toEqual(a.features);
      expect((await loadDatasetNode(id, { seed: 10, examples: 50 })).features, id).not.toEqual(a.features);
    }
  });
});

describe('bounds', () => {
  it.each([
    ['text', { context: 1 }, 'dataset.options.context = 1 is out of range 2…128'],
    ['text', { windows: 5000 }, 'dataset.options.windows = 5000 is out of range 1…4096'],
    ['text', { windows: 4096, context: 64 }, 'dataset.options.windows = 4096 with a context of 64'],
    ['reverse', { length: 17 }, 'dataset.options.length = 17 is out of range 1…16'],
    ['reverse', { examples: 0 }, 'dataset.options.examples = 0 is out of range 1…20000'],
    ['addition', { digits: 9 }, 'dataset.options.digits = 9 is out of range 1…8'],
    ['addition', { digits: 2.5 }, 'dataset.options.digits = 2.5 is not a whole number'],
  ])('%s refuses %j, naming the option', async (id, options, message) => {
    await expect(loadDatasetNode(id, options)).rejects.toThrow(message);
  });
});

describe('the vocabulary, as a preparation', () => {
  it('encodes and decodes any text of its characters, and folds others to "other"', () => {
    const v = vocabularyOf('abc \n', true);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '\n') }), (s) => {
        expect(decodeIds(v, encodeText(v, s))).toBe(s);
      }),
      { seed: FC_SEED },
    );
    expect(decodeIds(v, encodeText(v, 'a😀b'))).toBe(`a${OTHER_SYMBOL}b`);
    expect(() => encodeText({ symbols: ['a'] }, 'ab')).toThrow('character "b" at 1 is not in the vocabulary (a)');
    expect(() => decodeIds(v, [0, 9])).toThrow('token 9 at 1 is not an id of the vocabulary (0…5)');
  });

  it('is the preparation: the ids are the features as they are, and it survives JSON', async () => {
    const ds = await loadDatasetNode('addition', { digits: 2, examples: 5 });
    const p = preparationOf(ds);
    const parsed = parsePreparation(JSON.parse(JSON.stringify(p)));
    if (!parsed.ok || !parsed.preparation.tokens) throw new Error('the preparation did not survive JSON');
    const text = decodeIds(parsed.preparation.tokens, ds.features);
    expect(text.slice(0, 6)).toMatch(/^\d\d\+\d\d=$/);
    expect(prepare(p, Float32Array.from(encodeText(parsed.preparation.tokens, text)))).toEqual(ds.features);
    expect(parsePreparation({ ...p, tokens: { symbols: ['a', 'a'] } })).toMatchObject({
      ok: false,
      errors: [{ path: 'preparation.tokens', message: 'symbol 1 ("a") is there twice' }],
    });
    expect(parsePreparation({ ...p, encoding: { kind: 'divide', by: 2 } })).toMatchObject({
      ok: false,
      errors: [{ path: 'preparation.encoding', message: 'token ids are taken as they are (identity)' }],
    });
  });
});
