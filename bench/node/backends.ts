/**
 * Starting a tfjs backend in Node and checking that it really runs: tfjs falls back silently,
 * so a row labelled `wasm` must have been measured on wasm.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';

export type NodeBackend = 'cpu' | 'wasm';

export async function startNodeBackend(name: NodeBackend): Promise<void> {
  await tf.setBackend(name);
  await tf.ready();
  const active = tf.getBackend();
  if (active !== name) throw new Error(`asked tfjs for the ${name} backend, got ${active}`);
}

export const rss = (): number => process.memoryUsage().rss;
