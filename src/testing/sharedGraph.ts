/**
 * Set up before every test file that shares its worker's module graph with the files before it
 * (vite.config.ts, docs/testing.md "Module graphs"): after the file, whatever it may have left
 * behind is put back, so that the next file starts as it would in a fresh graph — real timers,
 * the real globals, no spies, and tfjs (when a file loaded it) on its cpu backend.
 */
import { afterAll, vi } from 'vitest';

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  // tfjs's engine is a global once tfjs-core has loaded; a file that never loaded it loads nothing here
  const engine = (globalThis as { _tfengine?: { backendName?: string } })._tfengine;
  if (engine && engine.backendName !== 'cpu') {
    const tf = await import('@tensorflow/tfjs-core');
    if (tf.findBackendFactory('cpu')) await tf.setBackend('cpu');
  }
});
