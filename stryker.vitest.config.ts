/// <reference types="vitest/config" />
/**
 * The unit-test config for mutation testing: vite.config.ts with only the tests of the layer
 * being mutated (src/<layer> of MUTATE_TARGET, set by scripts/mutate.mjs), so a mutant counts
 * as caught only by its own layer's tests. MUTATE_EXCLUDE_TESTS (comma-separated test files)
 * leaves some of them out, for a run that cannot afford them (docs/testing.md, `src/export`):
 * a mutant such a run calls detected is detected by the whole layer too, so its score is a
 * lower bound of the layer's.
 */
import { configDefaults } from 'vitest/config';
import base from './vite.config';

const folder = (process.env.MUTATE_TARGET ?? 'src/core').split('/').slice(0, 2).join('/');
const excluded = (process.env.MUTATE_EXCLUDE_TESTS ?? '').split(',').filter((f) => f !== '');

// One project of the layer's tests, each file in a fresh module graph (the default), as a
// mutant run wants: no file's mutant state reaches the next.
export default {
  ...base,
  test: {
    ...base.test,
    projects: undefined,
    include: [`${folder}/**/*.test.ts`, `${folder}/**/*.test.tsx`],
    ...(excluded.length === 0 ? {} : { exclude: [...configDefaults.exclude, ...excluded] }),
  },
};
