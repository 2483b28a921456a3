/** Suite `webgl`: the MLP rows in Chromium on tfjs's webgl backend (SwiftShader, no GPU here). */
import { runInChromium } from './browser/harness';
import { optimiserArg } from './mlpRows';
import type { BenchRow } from './table';

export async function benchWebgl(args: readonly string[]): Promise<BenchRow[]> {
  process.stderr.write('  webgl: building the bench page and starting Chromium…\n');
  const r = await runInChromium({ quick: args.includes('--quick'), optimiser: optimiserArg(args) });
  const info: BenchRow = {
    suite: 'webgl',
    name: 'backend read back',
    value: r.webglVersion,
    unit: 'WebGL version',
    note: `tf.getBackend() = ${r.backend}; float32 render targets: ${r.float32}`,
  };
  return [info, ...r.rows];
}
