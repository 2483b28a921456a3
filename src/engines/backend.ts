/**
 * Choosing the tfjs backend, and telling the truth about which one runs. tfjs falls back
 * silently when a backend fails to start (it asks WebGL for `failIfMajorPerformanceCaveat`),
 * so every attempt is read back through `tf.getBackend()`. The app and the worker take the
 * first backend that runs (`startBackend`); a command line, a benchmark row or a profiler names
 * its backend and must run on that one (`startExactly`).
 */
import * as tf from '@tensorflow/tfjs';

export const BACKENDS = ['webgl', 'wasm', 'cpu'] as const;
export type BackendName = (typeof BACKENDS)[number];

export interface BackendReport {
  readonly requested: BackendName;
  readonly active: string;
  /** Backends tried before the active one, each with why it did not start. */
  readonly failures: readonly { readonly backend: BackendName; readonly reason: string }[];
  /** 1 or 2 when webgl runs; 0 otherwise. */
  readonly webglVersion: number;
  /** Whether webgl can render to float32 textures (full precision training); null off webgl. */
  readonly float32RenderTargets: boolean | null;
}

export function parseBackendName(value: string | null | undefined): BackendName | null {
  return BACKENDS.find((b) => b === value) ?? null;
}

/** The order tried: the requested backend first, then the default order webgl → wasm → cpu. */
export function fallbackOrder(requested: BackendName): BackendName[] {
  return [requested, ...BACKENDS.filter((b) => b !== requested)];
}

async function tryBackend(name: BackendName): Promise<string | null> {
  try {
    const ok = await tf.setBackend(name);
    await tf.ready();
    if (!ok) return 'tfjs refused to start it';
    if (tf.getBackend() !== name) return `tfjs switched to ${tf.getBackend()}`;
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function webglFacts(active: string): Pick<BackendReport, 'webglVersion' | 'float32RenderTargets'> {
  if (active !== 'webgl') return { webglVersion: 0, float32RenderTargets: null };
  return {
    webglVersion: tf.env().getNumber('WEBGL_VERSION'),
    float32RenderTargets: tf.env().getBool('WEBGL_RENDER_FLOAT32_ENABLED'),
  };
}

/** Starts the first backend of `fallbackOrder(requested)` that really runs. */
export async function startBackend(requested: BackendName): Promise<BackendReport> {
  const failures: { backend: BackendName; reason: string }[] = [];
  for (const name of fallbackOrder(requested)) {
    const reason = await tryBackend(name);
    if (reason === null) return { requested, active: name, failures, ...webglFacts(name) };
    failures.push({ backend: name, reason });
  }
  throw new Error(`No tfjs backend could start: ${failures.map((f) => `${f.backend} (${f.reason})`).join(', ')}`);
}

/**
 * Starts `name` and nothing else, or throws saying what tfjs did instead: a run labelled wasm
 * must have run on wasm. The caller registers the wasm backend first (importing
 * `@tensorflow/tfjs-backend-wasm`; a page also calls `setWasmPaths`), so that this module keeps
 * the wasm package out of every bundle that does not ask for it.
 */
export async function startExactly(name: BackendName): Promise<void> {
  const reason = await tryBackend(name);
  if (reason !== null) throw new Error(`the tfjs ${name} backend did not start: ${reason}`);
}

/** Tensors alive on the current backend (a training loop that leaks would make this grow). */
export function tensorCount(): number {
  return tf.memory().numTensors;
}
