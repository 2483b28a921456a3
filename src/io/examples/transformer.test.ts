/**
 * The CatGPT example files are what the transformer builder draws (regenerate them with
 * `npx tsx scripts/catgptExamples.ts`), and the parameter count the experiment reports is the
 * sum of the drawn parameter boxes.
 */
import { expect, it } from 'vitest';
import full from './catgpt-full.json';
import tiny from './catgpt-tiny.json';
import { CATGPT_FULL, CATGPT_TINY, catgptDocument, catgptParameters } from './transformer';

it('the committed CatGPT files are the builder’s drawing', () => {
  expect(tiny).toEqual(JSON.parse(JSON.stringify(catgptDocument(CATGPT_TINY))));
  expect(full).toEqual(JSON.parse(JSON.stringify(catgptDocument(CATGPT_FULL))));
});

it('counts the parameters the drawing holds', () => {
  for (const c of [CATGPT_TINY, CATGPT_FULL]) {
    const drawn = catgptDocument(c)
      .boxes.filter((b) => b.generator === 'parameter')
      .reduce((n, b) => n + (b.config.shape as number[]).reduce((a, k) => a * k, 1), 0);
    expect(drawn).toBe(catgptParameters(c));
  }
  expect(catgptParameters(CATGPT_FULL)).toBe(10_697_472);
});
