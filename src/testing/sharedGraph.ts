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
  // tfjs's engine is a global once tfjs has loaded; read there, a file that never loaded tfjs
  // loads nothing (and this file, under src/testing, imports no tfjs: the floors hold)
  const engine = (globalThis as { _tfengine?: TfEngine })._tfengine;
  if (engine && engine.backendName !== 'cpu' && engine.findBackendFactory('cpu')) await engine.setBackend('cpu');
});

/** What this file uses of tfjs's engine. */
interface TfEngine {
  readonly backendName: string;
  findBackendFactory(name: string): unknown;
  setBackend(name: string): Promise<boolean>;
}
