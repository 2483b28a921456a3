/**
 * The `catgpt` suite's rows in Chromium: CatGPT's tiny configuration (the gallery's "CatGPT,
 * tiny": width 32, 2 heads, 2 blocks, batch 32 × context 32 on the shipped text) training in the
 * app's worker on tfjs wasm and on webgl, each against the same document headless in Node on
 * the typed engine (float32, Lensboard's fastest Node engine at this size), their windows
 * interleaved so that a change of the machine's load falls on both. Steps/s and tokens/s per
 * row; the ratio worker ÷ headless beside them. On this machine webgl is SwiftShader, WebGL on
 * the CPU: its row measures the path, not a GPU's speed.
 */
import { loadavg } from 'node:os';
import { startEngine } from '../../src/cli/engine';
import type { LensDocument } from '../../src/io/document';
import { loadExample } from '../../src/io/examples';
import { buildApp, serveAndLaunch } from '../shared/chromium';
import type { BenchRow } from '../shared/table';
import { headlessRun, type Interleaving, interleave } from './app';
import { pageRun } from './appChromium';

const load = () => `load ${loadavg()[0].toFixed(1)}`;
const list = (xs: readonly number[]) => xs.map((x) => x.toFixed(1)).join(', ');

/** The gallery's tiny CatGPT, with epochs enough that no window meets the run's end. */
export function tinyLongRun(): LensDocument {
  const doc = loadExample('catgpt-tiny');
  if (!doc.training) throw new Error('catgpt-tiny has no training settings');
  return { ...doc, training: { ...doc.training, epochs: 1000 } };
}

export async function benchCatgptPage(quick: boolean, log: (s: string) => void): Promise<BenchRow[]> {
  const doc = tinyLongRun();
  const training = doc.training;
  if (!training) throw new Error('catgpt-tiny has no training settings');
  const context = (doc.dataset?.options as { context?: number } | undefined)?.context ?? 32;
  const tokens = training.batchSize * context;
  const timing: Interleaving = quick
    ? { warmupMs: 6000, windows: 2, windowMs: 4000, settleMs: 500 }
    : { warmupMs: 10_000, windows: 3, windowMs: 8000, settleMs: 500 };
  await startEngine('tfjs-cpu'); // tf.memory() needs a live backend, even around the typed engine
  const dir = await buildApp('lensboard-catgpt-bench');
  const served = await serveAndLaunch(dir);
  const errors: string[] = [];
  const rows: BenchRow[] = [];
  try {
    for (const page of ['wasm', 'webgl'] as const) {
      log(`tiny in the app's worker on ${page}, against headless typed-f32, windows interleaved`);
      const worker = await pageRun(served, doc, page, errors);
      const node = await headlessRun(doc, 'typed');
      try {
        const [w, h] = await interleave([worker, node], timing);
        const runsOn = await worker.engine();
        const each = `${timing.windows} windows of ${timing.windowMs / 1000} s`;
        const ratio = w.stepsPerSecond / h.stepsPerSecond;
        rows.push(
          {
            suite: 'catgpt',
            name: `tiny (${training.batchSize} × ${context}), in the app's worker: ${page}`,
            value: w.stepsPerSecond,
            unit: 'steps/s',
            note: `${Math.round(w.stepsPerSecond * tokens)} tokens/s; ${each} (${list(w.windows)}); runs on ${runsOn}; ${load()}`,
          },
          {
            suite: 'catgpt',
            name: `tiny (${training.batchSize} × ${context}), headless Node typed-f32, beside ${page}`,
            value: h.stepsPerSecond,
            unit: 'steps/s',
            note: `${Math.round(h.stepsPerSecond * tokens)} tokens/s; ${each} (${list(h.windows)}); engine ${node.engine}; ${load()}`,
          },
          {
            suite: 'catgpt',
            name: `tiny, worker on ${page} ÷ headless typed-f32`,
            value: ratio,
            unit: '×',
            note: `steps/s, windows interleaved${page === 'webgl' ? '; SwiftShader here (WebGL on the CPU)' : ''}; ${load()}`,
          },
        );
      } finally {
        await worker.close();
        await node.close();
      }
    }
  } finally {
    await served.close();
  }
  if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
  return rows;
}
