/**
 * Suite `webgl`: the MLP rows, their agreement rows and the iris-hidden rows in Chromium on
 * tfjs's webgl backend (SwiftShader, no GPU here), run by the page in `webglPage/`. The suite
 * fails unless the page read back `webgl` from `tf.getBackend()`.
 */
import { fileURLToPath } from 'node:url';
import { buildPage, openPage } from '../shared/chromium';
import { optimiserArg } from '../shared/mlpRows';
import type { BenchRow } from '../shared/table';
import type { PageRequest, PageResult } from './webglPage/protocol';

async function runInChromium(request: PageRequest, timeoutMs = 600_000): Promise<PageResult> {
  const dir = await buildPage(fileURLToPath(new URL('webglPage/', import.meta.url)), 'lensboard-bench');
  const { page, errors, close } = await openPage(dir);
  try {
    page.setDefaultTimeout(timeoutMs);
    await page.waitForFunction(() => window.lensboardBench !== undefined);
    const result = await page.evaluate((req) => window.lensboardBench!.run(req), request);
    if (result.backend !== 'webgl')
      throw new Error(
        `Chromium ran tfjs on ${result.backend}, not webgl${errors.length ? `: ${errors.join('; ')}` : ''}`,
      );
    return result;
  } finally {
    await close();
  }
}

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
