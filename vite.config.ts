/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contentSecurityPolicy } from './src/app/csp.ts';

// The policy is sent as a header too: a <meta> tag does not govern Web Workers. No COOP/COEP:
// cross-origin isolation makes tfjs pick threaded wasm, which hangs in a minified build.
const headers = { 'Content-Security-Policy': contentSecurityPolicy };

/** The built page carries the policy as a <meta> tag too; the dev server's inline React
 * refresh preamble would break under it, so it is added at build time only. */
const cspMeta: Plugin = {
  name: 'lensboard-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy },
      injectTo: 'head-prepend',
    },
  ],
};

const TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'];
/** Test files about the state of a fresh module graph: each runs in its own. */
const FRESH_GRAPH = [
  'src/app/schemasAtLoad.test.ts',
  'src/engines/backend.test.ts',
  'src/testing/architecture/firstImport.test.ts',
];

export default defineConfig({
  plugins: [react(), cspMeta],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers },
  worker: { format: 'es' },
  // No asset inlined as a data: URL: the Content-Security-Policy allows no data: images (src/app/csp.ts).
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    assetsInlineLimit: 0,
    // Everything the entry imports statically comes in one file, not in the ~18 small chunks the
    // splitter made of modules the lazily loaded parts share: each was a request the page waited
    // on before its script could run (docs/architecture.md, "The first screen").
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] } } },
  },
  test: {
    environment: 'node',
    // A forgotten .only would pass a run that skipped everything else: refused on every machine.
    allowOnly: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two kinds of test file (docs/testing.md, "Module graphs"). Most share one module graph per
    // worker: a file imports tfjs, zod and the compiler once, not once per file (an isolated
    // run spent 100 of its 400 s importing), and src/testing/sharedGraph.ts puts back what a file
    // may leave behind (timers, stubbed globals, spies, the tfjs backend). The files whose
    // subject is the state of a fresh graph (what loading a module builds, which backend tfjs
    // starts, every module imported first) each get their own.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: TESTS,
          exclude: FRESH_GRAPH,
          isolate: false,
          setupFiles: ['src/testing/sharedGraph.ts'],
        },
      },
      { extends: true, test: { name: 'fresh', include: FRESH_GRAPH } },
    ],
  },
});
