/**
 * `tsx bench/profile/train/kernels.ts [mlp] [batch] [backend]`: how many tfjs kernels one training
 * step launches, per implementation, and the most frequent ones — per-kernel overhead is most
 * of a small model's step on tfjs, so this count explains most of the step-time rows.
 */
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs';
import { type BackendName, startExactly } from '../../../src/engines/backend';
import { compiledImpl } from '../../../src/testing/compiledTrainer';
import { initialWeights, mlpName, syntheticBatch } from '../../../src/testing/mlpSpec';
import { MLPS, PEERS } from '../../shared/mlpRows';

const [mlp = '2-16-16-1', batchArg = '32', backend = 'cpu'] = process.argv.slice(2);
const shape = MLPS.find((m) => mlpName(m) === mlp);
if (!shape) throw new Error(`unknown mlp ${mlp}`);
const spec = { ...shape, batch: Number(batchArg) };
await startExactly(backend as BackendName);
for (const impl of [...PEERS, compiledImpl('tfjs')]) {
  const trainer = impl.make(spec, initialWeights(spec, 1), syntheticBatch(spec, 1));
  await trainer.step();
  const info = await tf.profile(async () => {
    await trainer.step();
  });
  trainer.dispose();
  const counts = new Map<string, number>();
  const times = new Map<string, number>();
  for (const k of info.kernels) {
    counts.set(k.name, (counts.get(k.name) ?? 0) + 1);
    times.set(k.name, (times.get(k.name) ?? 0) + Number(await k.kernelTimeMs));
  }
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const slow = [...times].sort((a, b) => b[1] - a[1]).slice(0, 6);
  const total = [...times.values()].reduce((a, b) => a + b, 0);
  console.log(`${impl.name}: ${info.kernels.length} kernels — ${top.map(([k, n]) => `${k}×${n}`).join(' ')}`);
  console.log(
    `  kernel time ${total.toFixed(2)} ms; slowest: ${slow.map(([k, t]) => `${k} ${t.toFixed(2)} ms`).join(', ')}`,
  );
}
