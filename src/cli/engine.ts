/**
 * The engines a command names, and starting them: the typed-array engine needs nothing; a tfjs
 * engine needs its backend started and read back, since tfjs falls back silently and a run
 * labelled wasm must have run on wasm. tfjs itself loads only when a tfjs engine is named.
 */
import type { EngineName } from '../learn/runners/types';

export const CLI_ENGINES = ['typed', 'typed64', 'tfjs-cpu', 'tfjs-wasm'] as const;
export type CliEngine = (typeof CLI_ENGINES)[number];

export async function startEngine(engine: CliEngine): Promise<EngineName> {
  if (engine === 'typed') return 'typed';
  if (engine === 'typed64') return 'typed-float64';
  const { startExactly } = await import('../engines/backend');
  if (engine === 'tfjs-wasm') await import('@tensorflow/tfjs-backend-wasm');
  await startExactly(engine === 'tfjs-wasm' ? 'wasm' : 'cpu');
  return 'tfjs';
}
