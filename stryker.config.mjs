/**
 * Mutation testing (docs/testing.md). `npm run mutate -- src/core` runs this with MUTATE_FOLDER
 * set: the folder's source files are mutated and only the folder's own tests judge them, so a
 * rule caught only by a test somewhere else counts as a survivor.
 */
const folder = process.env.MUTATE_FOLDER ?? 'src/core';
const slug = folder.replace(/^src\//, '').replaceAll('/', '-');

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vite.config.ts', dir: folder, related: false },
  coverageAnalysis: 'perTest',
  mutate: [`${folder}/**/*.ts`, `${folder}/**/*.tsx`, `!${folder}/**/*.test.ts`, `!${folder}/**/*.test.tsx`],
  ignorePatterns: ['reports', 'dist', 'test-results', 'playwright-report'],
  incrementalFile: `reports/mutation/${slug}.incremental.json`,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  clearTextReporter: { allowColor: false, reportScoreTable: true, reportMutants: true, logTests: false },
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
