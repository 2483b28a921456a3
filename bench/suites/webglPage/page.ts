/**
 * The webgl suite's page: runs the MLP, agreement and iris rows on tfjs's webgl backend inside
 * Chromium. Built by Vite and driven by `../webgl.ts`; it only answers
 * `window.lensboardBench.run(request)`.
 */
import * as tf from '@tensorflow/tfjs';
import { startBackend } from '../../../src/engines/backend';
import { compiledImpl } from '../../../src/testing/compiledTrainer';
import { agreementRow } from '../../shared/agreement';
import { runRow } from '../../shared/irisRows';
import { compiledIrisRun, IRIS_EXAMPLE, layersIrisRun } from '../../shared/irisRun';
import { defaultTiming, type TimingOptions } from '../../shared/measure';
import { mlpRows, PEERS, withOptimiser } from '../../shared/mlpRows';
import { type BenchRow, megabytes } from '../../shared/table';
import type { PageRequest, PageResult } from './protocol';

/** Chromium's non-standard `performance.memory`: the JS heap, the closest thing to RSS a page sees. */
const jsHeap = (): number | undefined =>
  (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;

async function run(req: PageRequest): Promise<PageResult> {
  const report = await startBackend('webgl');
  const webgl = report.active === 'webgl';
  const result = {
    backend: report.active,
    webglVersion: report.webglVersion,
    float32: report.float32RenderTargets === true,
  };
  if (!webgl) return { ...result, rows: [] };
  // SwiftShader runs ~30 steps/s: short windows, a few steps each.
  const base = defaultTiming(jsHeap, true);
  const timing: TimingOptions = { ...base, windowMs: req.quick ? 150 : 300 };
  const all = [...PEERS, compiledImpl('tfjs')];
  const impls = req.impls ? all.filter((i) => req.impls?.includes(i.name)) : all;
  const shapes = withOptimiser(req.optimiser);
  const mlps = req.mlps ? shapes.filter((m) => req.mlps?.includes(m.sizes.join('-'))) : shapes;
  const rows = await mlpRows(
    { suite: 'webgl', backend: 'webgl', impls, timing, mlps, batches: req.batches },
    'js heap',
  );
  const agreement: BenchRow[] = [];
  for (const m of mlps) for (const b of [1, 32]) agreement.push(await agreementRow('webgl', 'webgl', m, b));
  return { ...result, rows: [...rows, ...agreement, ...(await irisRows(req.irisEpochs ?? 1))] };
}

/** The iris-hidden run on webgl: too slow to run whole at SwiftShader's ~30 steps/s, so extrapolated. */
async function irisRows(epochs: number): Promise<BenchRow[]> {
  if (epochs <= 0) return [];
  const heap = () => {
    const h = jsHeap();
    return `${h === undefined ? '' : `js heap ${megabytes(h)} · `}${tf.memory().numTensors} tensors after`;
  };
  // One untimed epoch first, as the peer gets (layersRun): webgl compiles each shader program on
  // its first run (SwiftShader ~50 ms each), a one-off cost the next trainer no longer pays.
  const cold = await compiledIrisRun('tfjs', 1);
  const c = await compiledIrisRun('tfjs', epochs);
  const warmUp = `after an untimed warm-up epoch (${cold.seconds.toFixed(2)} s)`;
  const compiled = runRow('webgl', 'webgl compiled', c, c.full, warmUp, heap());
  const l = runRow(
    'webgl',
    'webgl tfjs-layers trainOnBatch',
    await layersIrisRun(epochs, 'trainOnBatch'),
    c.full,
    '',
    heap(),
  );
  const ratio = compiled.seconds / l.seconds;
  return [compiled, l, { suite: 'webgl', name: `${IRIS_EXAMPLE} webgl compiled/tfjs-layers`, value: ratio, unit: '×' }];
}

window.lensboardBench = { run };
