/**
 * The engines an experiment or a benchmark can name, and starting them: the typed-array engine
 * needs nothing; a tfjs engine needs its backend started and read back (tfjs falls back
 * silently, so a run labelled wasm must have run on wasm).
 */
import type { EngineName } from '../../learn/runners/types';

export const EXPERIMENT_ENGINES = ['typed', 'tfjs-cpu', 'tfjs-wasm'] as const;
export type ExperimentEngine = (typeof EXPERIMENT_ENGINES)[number];

export async function startEngine(engine: ExperimentEngine): Promise<EngineName> {
  if (engine === 'typed') return 'typed';
  const tf = await import('@tensorflow/tfjs');
  const backend = engine === 'tfjs-wasm' ? 'wasm' : 'cpu';
  if (backend === 'wasm') await import('@tensorflow/tfjs-backend-wasm');
  const ok = await tf.setBackend(backend);
  await tf.ready();
  if (!ok || tf.getBackend() !== backend)
    throw new Error(`the tfjs ${backend} backend did not start (tfjs runs ${tf.getBackend()})`);
  return 'tfjs';
}
