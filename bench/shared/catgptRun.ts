/**
 * SGD steps of CatGPT as its builder draws it (src/io/examples/transformer.ts) through the learn
 * trainer, as the app and `npm run train` run it: the document's own batch (64 windows of 32
 * characters for `catgpt-full`), bound to that many windows of the text set so one epoch is one
 * step. Each step is timed from the trainer's step notices; the first (compilation, warm-up) is
 * left out and the median of the others is the figure.
 */
import { loadDatasetNode } from '../../src/data/catalogNode';
import { CATGPT_FULL, CATGPT_TINY, catgptDocument } from '../../src/io/examples/transformer';
import type { EngineName } from '../../src/learn/runners/types';
import { openSession } from '../../src/learn/session';
import { median } from './measure';

export interface CatgptRun {
  readonly msPerStep: number;
  readonly stepMs: readonly number[];
  /** The process's CPU time (user and system) per step, median: what a loaded machine's waiting does not inflate. */
  readonly cpuMsPerStep: number;
  readonly steps: number;
  readonly loss: number;
  readonly batch: number;
  readonly context: number;
  readonly engine: string;
}

export type CatgptSize = 'full' | 'tiny';

export async function catgptStepRun(engine: EngineName, steps: number, size: CatgptSize = 'full'): Promise<CatgptRun> {
  const document = catgptDocument(size === 'full' ? CATGPT_FULL : CATGPT_TINY);
  const batch = document.training?.batchSize ?? 64;
  const options = document.dataset?.options as { context: number };
  const data = await loadDatasetNode('text', { ...options, windows: batch });
  const { trainer } = await openSession(
    { document, settings: { engine, epochs: steps + 1, evaluateEachEpoch: false, testFraction: 0 } },
    async () => data,
  );
  const stamps: number[] = [];
  const cpu: number[] = [];
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let loss = Number.NaN;
  const off = trainer.onStep((m) => {
    stamps.push(performance.now());
    cpu.push(cpuMs());
    loss = m.loss;
  });
  const t0 = performance.now();
  const c0 = cpuMs();
  try {
    await trainer.run();
  } finally {
    off();
  }
  const engineName = trainer.engine;
  trainer.dispose();
  const all = stamps.map((t, i) => t - (i === 0 ? t0 : stamps[i - 1]));
  const stepMs = all.slice(1);
  const cpuAll = cpu.map((t, i) => t - (i === 0 ? c0 : cpu[i - 1]));
  return {
    msPerStep: median(stepMs.length > 0 ? stepMs : all),
    cpuMsPerStep: median(cpuAll.length > 1 ? cpuAll.slice(1) : cpuAll),
    stepMs,
    steps: stepMs.length,
    loss,
    batch,
    context: options.context,
    engine: engineName,
  };
}
