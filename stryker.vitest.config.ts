/// <reference types="vitest/config" />
/**
 * The unit-test config for mutation testing: vite.config.ts with only the tests of the layer
 * being mutated (src/<layer> of MUTATE_TARGET, set by scripts/mutate.mjs), so a mutant counts
 * as caught only by its own layer's tests.
 */
import base from './vite.config';

const folder = (process.env.MUTATE_TARGET ?? 'src/core').split('/').slice(0, 2).join('/');

// One project of the layer's tests, each file in a fresh module graph (the default), as a
// mutant run wants: no file's mutant state reaches the next.
export default {
  ...base,
  test: { ...base.test, projects: undefined, include: [`${folder}/**/*.test.ts`, `${folder}/**/*.test.tsx`] },
};
