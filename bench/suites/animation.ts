/**
 * Suite `animation` (Node): training throughput with the animation on against it off. "On" is
 * the page asking the worker for a traced step every few seconds while the run trains, each
 * trace posted as the worker posts it (its arrays moved, the step's outputs copied: learn/
 * traceTransfer.ts; a large step as summaries: learn/traceSummary.ts), here through `structuredClone`, which costs what `postMessage` does. The
 * run is the example document's own (model, loss, optimiser, batch size) on the typed engine;
 * steps/s is read from the worker's own snapshots over one window. Goal: on ≥ 0.9× off while
 * the animation plays steps back to back (PLAYING_MS).
 */
import { readFileSync } from 'node:fs';
import type { DatasetOptions } from '../../src/data/catalog';
import { loadDatasetNode } from '../../src/data/catalogNode';
import { sentBytes } from '../../src/learn/traceSummary';
import { createTrainHost } from '../../src/learn/trainHost';
import type { FromWorker } from '../../src/learn/trainProtocol';
import type { BenchRow } from '../shared/table';

export const ANIMATION_GOAL = 0.9;
/**
 * How often the page asks for a trace while the animation is on: every 5 s is the animation
 * playing one step after another at its fastest (4 boxes a second, a step of XOR or MNIST-MLP is
 * ~15–20 boxes); every 0.5 s is a stress row, faster than any step can be watched (no goal).
 */
const PLAYING_MS = 5000;
const STRESS_MS = 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Throughput {
  readonly stepsPerSecond: number;
  readonly traces: number;
  readonly traceBytes: number;
}

async function throughput(example: string, everyMs: number | null, windowMs: number): Promise<Throughput> {
  const document = JSON.parse(readFileSync(new URL(`../../src/io/examples/${example}.json`, import.meta.url), 'utf8'));
  let latest = 0;
  let traces = 0;
  let traceBytes = 0;
  let failed: string | null = null;
  let done = false;
  const post = (m: FromWorker, transfer?: Transferable[]) => {
    if (m.type === 'trace') {
      const moved = structuredClone(m, { transfer: (transfer ?? []) as Transferable[] });
      traces++;
      traceBytes += sentBytes(moved.trace);
    }
    if (m.type === 'snapshot') latest = m.snapshot.latest.step;
    if (m.type === 'error') failed = m.message;
    if (m.type === 'done') done = true;
  };
  const host = createTrainHost(post);
  // the rows, loaded as the CLI loads them (MNIST from disk), handed over as the page hands a CSV's
  const data = await loadDatasetNode(document.dataset.id, document.dataset.options as DatasetOptions);
  const settings = { engine: 'typed' as const, epochs: 100000, evaluateEachEpoch: false };
  host({ type: 'start', request: { document, data, settings } });
  while (latest < 5 && !failed) await sleep(20);
  if (failed) throw new Error(`${example}: ${failed}`);
  const timer = everyMs === null ? null : setInterval(() => host({ type: 'trace' }), everyMs);
  if (everyMs !== null) host({ type: 'trace' });
  const from = latest;
  const started = performance.now();
  await sleep(windowMs);
  const steps = latest - from;
  const seconds = (performance.now() - started) / 1000;
  if (timer) clearInterval(timer);
  host({ type: 'stop' });
  while (!done && !failed) await sleep(20);
  return { stepsPerSecond: steps / seconds, traces, traceBytes: traces ? traceBytes / traces : 0 };
}

export async function benchAnimation(args: readonly string[]): Promise<BenchRow[]> {
  const quick = args.includes('--quick');
  const windowMs = quick ? 10_000 : 20_000;
  const log = (s: string) => process.stderr.write(`  animation: ${s}\n`);
  const rows: BenchRow[] = [];
  for (const example of ['xor', 'mnist-mlp']) {
    log(`${example}: off`);
    const off = await throughput(example, null, windowMs);
    rows.push({
      suite: 'animation',
      name: `${example} steps/s, animation off`,
      value: off.stepsPerSecond,
      unit: 'steps/s',
    });
    for (const every of [PLAYING_MS, STRESS_MS]) {
      log(`${example}: a trace every ${every} ms`);
      const on = await throughput(example, every, windowMs);
      const ratio = on.stepsPerSecond / off.stepsPerSecond;
      const kb = (on.traceBytes / 1024).toFixed(0);
      const goal =
        every === PLAYING_MS
          ? `; goal ≥ ${ANIMATION_GOAL}×: ${ratio >= ANIMATION_GOAL ? 'pass' : 'MISS'}`
          : '; stress, no goal';
      rows.push({
        suite: 'animation',
        name: `${example} on/off, a trace every ${every / 1000} s`,
        value: ratio,
        unit: '×',
        note: `${on.stepsPerSecond.toFixed(1)} steps/s; ${on.traces} traces of ${kb} KB${goal}`,
      });
    }
  }
  return rows;
}
