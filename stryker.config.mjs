/**
 * Mutation testing (docs/testing.md). `npm run mutate -- src/core` runs this with MUTATE_TARGET
 * set to a folder or one file: its source is mutated and only the tests of its layer (the
 * folder right under src/, stryker.vitest.config.ts) judge it, so a rule caught only by a test
 * in another layer counts as a survivor.
 */
const target = process.env.MUTATE_TARGET ?? 'src/core';
const slug = target
  .replace(/^src\//, '')
  .replace(/\.ts$/, '')
  .replaceAll('/', '-');
const mutate = target.endsWith('.ts') ? [target] : [`${target}/**/*.ts`, `!${target}/**/*.test.ts`];

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate,
  // Code run once at import (module-level definitions) is covered by no single test: each such
  // mutant costs the layer's whole suite, so it is skipped unless asked for (--with-static).
  ignoreStatic: process.env.MUTATE_STATIC !== '1',
  ignorePatterns: ['reports', 'dist', 'test-results', 'playwright-report'],
  incrementalFile: `reports/mutation/${slug}.incremental.json`,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  clearTextReporter: { allowColor: false, reportScoreTable: true, reportMutants: true, logTests: false },
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 80, break: null },
  // Stryker rewrites tsconfig paths through the TypeScript API, which TypeScript 7 (native) no
  // longer has; our tsconfig has no relative extends or references to rewrite, so it is skipped.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
