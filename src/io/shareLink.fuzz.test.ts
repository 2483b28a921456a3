/**
 * Fuzz of share links (docs/share-links.md, docs/untrusted-input.md): 1,000 seeded links a run,
 * made from mutated documents and lessons (with a lock line or not, sound or broken), then
 * perhaps damaged as text (a character changed, the hash cut, odd or repeated parameters).
 * Reading one never rejects; it opens, finds no link, or refuses with every problem at its JSON
 * path (the root only for a link that is damaged as a whole); a link that opens holds no key
 * that could reach an object's machinery; Object.prototype is never touched.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { FUZZ_RUNS, fuzz, prototypeNames } from '../testing/fuzz';
import { mutateJsonFile, randomStream } from '../testing/jsonMutations';
import { deflate, toBase64Url } from './deflated';
import { readShareHash } from './shareLink';

const read = (name: string) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));
const bases = [
  read('./examples/xor.json'),
  read('./fixtures/lesson-example.json'),
  read('./fixtures/lesson-document.json'),
];

const WHOLE_LINK = /damaged|larger than a document|characters; at most|is a JSON object|not a Lensboard/;
const FORBIDDEN_KEY = /"(__proto__|constructor|prototype)"\s*:/;
const CHECK = 'A'.repeat(43);

const link = fc.record({
  base: fc.nat(bases.length - 1),
  seed: fc.nat(),
  mutate: fc.boolean(),
  lockLine: fc.constantFrom('', `lensboard-lock ${CHECK}\n`, 'lensboard-lock short\n', 'lensboard-lock '),
  params: fc.constantFrom(
    '',
    '&hide=palette.data',
    '&hide=__proto__.constructor',
    '&lock=1',
    `&key=${'k'.repeat(22)}`,
    '&d=AAAA',
  ),
  damage: fc.option(
    fc.record({
      how: fc.constantFrom('char', 'cut', 'percent', 'drop-d'),
      at: fc.nat(),
      char: fc.constantFrom('A', '-', '_', '*', '%', '=', '&', '\u00e9'),
    }),
  ),
});

async function hashOf(l: typeof link extends fc.Arbitrary<infer L> ? L : never): Promise<string> {
  const json = l.mutate ? mutateJsonFile(bases[l.base], randomStream(l.seed)) : JSON.stringify(bases[l.base]);
  const d = toBase64Url(await deflate(new TextEncoder().encode(l.lockLine + json)));
  const hash = `#d=${d}${l.params}`;
  const dmg = l.damage;
  if (!dmg) return hash;
  const i = 3 + (dmg.at % Math.max(1, d.length));
  if (dmg.how === 'char') return hash.slice(0, i) + dmg.char + hash.slice(i + 1);
  if (dmg.how === 'cut') return hash.slice(0, i);
  if (dmg.how === 'percent') return `${hash.slice(0, i)}%${hash.slice(i)}`;
  return `#x=${d}${l.params}`;
}

it(`reads ${FUZZ_RUNS} mutated and damaged links without a rejection, each refusal naming its path`, async () => {
  const prototype = prototypeNames();
  const outcomes = { none: 0, document: 0, lesson: 0, error: 0 };
  await fuzz(link, async (l) => {
    const hash = await hashOf(l);
    const opened = await readShareHash(hash);
    outcomes[opened.kind]++;
    if (opened.kind === 'error') {
      expect(opened.errors.length).toBeGreaterThan(0);
      for (const e of opened.errors) if (e.path === '') expect(e.message).toMatch(WHOLE_LINK);
    }
    if (opened.kind === 'document' || opened.kind === 'lesson') {
      expect(JSON.stringify(opened.doc)).not.toMatch(FORBIDDEN_KEY);
      if (!l.damage && l.mutate) expect(mutateJsonFile(bases[l.base], randomStream(l.seed))).not.toMatch(FORBIDDEN_KEY);
    }
  });
  console.log('share link fuzz outcomes', outcomes);
  expect(prototypeNames()).toEqual(prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(outcomes.error).toBeGreaterThan(FUZZ_RUNS / 4);
  expect(outcomes.document + outcomes.lesson).toBeGreaterThan(0);
});
