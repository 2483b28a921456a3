/**
 * Every module of src/ loads when it is the first one imported, in a fresh module graph. A
 * run-time import cycle makes the load order depend on which module comes first: the module
 * entered first sees the others half-initialised, and whether that throws depends on the entry.
 * The layering check finds cycles in the source text; this test runs the imports for real.
 *
 * The mutant it catches: a generator family that reaches the registry back through its own
 * imports (generators/define.ts importing builder.ts, which looks generators up in the
 * registry, which imports the families). Importing `src/core/generators/boolean.ts` first then
 * throws `ReferenceError: Cannot access 'colours' before initialization` — the registry runs
 * `defineGenerator` of the other families while define.ts is still being evaluated.
 */
import { expect, test, vi } from 'vitest';
import { readSources, repoRoot } from './imports';

/** Modules not imported here, each with why. */
const EXCLUDED: Readonly<Record<string, string>> = {
  'src/app/main.tsx': 'the page entry: renders into document.getElementById, which node has not',
};

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
/** Worker entries (`*.worker.ts`, by convention) assign onmessage on the worker scope `self`, which node has not. */
const isWorkerEntry = (path: string) => /\.worker\.ts$/.test(path);
/**
 * Whether the source exports a value (a declaration that exists at run time), read from the
 * text: a module of interfaces and types only, or one imported for its effect (wasmPaths),
 * exports nothing at run time, and then the test asks for exactly that.
 */
const VALUE_EXPORT =
  /^export\s+(?:(?:async\s+)?function|const|let|var|class|abstract\s+class|default|enum)\b|^export\s+\*|^export\s+\{(?!\s*type\b)/m;

/** React components need a DOM to render, not to load: their modules are imported like the rest. */
const modules = readSources(repoRoot, ['src'])
  .filter((f) => !isTest(f.path) && !isWorkerEntry(f.path) && !(f.path in EXCLUDED))
  .map((f) => ({ path: f.path, values: VALUE_EXPORT.test(f.text) }));

test('every exclusion names a module that exists', () => {
  const all = new Set(readSources(repoRoot, ['src']).map((f) => f.path));
  for (const path of Object.keys(EXCLUDED)) expect(all.has(path), path).toBe(true);
  expect(modules.length).toBeGreaterThan(100);
});

test.each(modules)('$path loads first in a fresh module graph', async ({ path, values }) => {
  vi.resetModules();
  const m = (await import(/* @vite-ignore */ `${repoRoot}/${path}`)) as Record<string, unknown>;
  if (values) expect(Object.keys(m).length, `${path} exports nothing`).toBeGreaterThan(0);
  else expect(Object.keys(m), `${path} exports only types`).toEqual([]);
});
