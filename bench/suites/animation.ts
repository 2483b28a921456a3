/**
 * Suite `animation` (Node): training throughput with the animation on against it off. "On" is
 * the page asking the worker for a traced step every few seconds while the run trains, each
 * trace posted as the worker posts it (its arrays moved, the step's outputs copied: learn/
 * traceTransfer.ts; a large step as summaries: learn/traceSummary.ts), here through `structuredClone`, which costs what `postMessage` does. The
 * run is the example document's own (model, loss, optimiser, batch size) on the typed engine;
 * steps/s is read from the worker's own snapshots, over windows with the animation off and on
 * that interleave round after round. Goal: on ≥ 0.9× off while
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
  readonly steps: number;
  readonly seconds: number;
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
  return { steps, seconds, traces, traceBytes };
}

/** One condition's windows over the rounds: steps over time, and the traces' mean size. */
class Tally {
  steps = 0;
  seconds = 0;
  traces = 0;
  traceBytes = 0;
  add(t: Throughput): void {
    this.steps += t.steps;
    this.seconds += t.seconds;
    this.traces += t.traces;
    this.traceBytes += t.traceBytes;
  }
  get stepsPerSecond(): number {
    return this.steps / this.seconds;
  }
  /** Each window's rate, for the note. */
  readonly rates: number[] = [];
}

export async function benchAnimation(args: readonly string[]): Promise<BenchRow[]> {
  const quick = args.includes('--quick');
  // off and on windows interleave, round after round, so that a change of the machine's load
  // falls on both alike (one long window of each in turn let load alone move the ratio ±10%)
  const rounds = quick ? 2 : 3;
  const windowMs = quick ? 5_000 : 8_000;
  const log = (s: string) => process.stderr.write(`  animation: ${s}\n`);
  const rows: BenchRow[] = [];
  for (const example of ['xor', 'mnist-mlp']) {
    const conditions: (number | null)[] = [null, PLAYING_MS, STRESS_MS];
    const tallies = conditions.map(() => new Tally());
    for (let round = 0; round < rounds; round++) {
      for (const [i, every] of conditions.entries()) {
        log(`${example}: round ${round + 1} of ${rounds}, ${every === null ? 'off' : `a trace every ${every} ms`}`);
        const t = await throughput(example, every, windowMs);
        tallies[i].add(t);
        tallies[i].rates.push(t.steps / t.seconds);
      }
    }
    const [off, ...ons] = tallies;
    const windows = (t: Tally) =>
      `${rounds} windows of ${windowMs / 1000} s (${t.rates.map((r) => r.toFixed(1)).join(', ')})`;
    rows.push({
      suite: 'animation',
      name: `${example} steps/s, animation off`,
      value: off.stepsPerSecond,
      unit: 'steps/s',
      note: windows(off),
    });
    for (const [i, on] of ons.entries()) {
      const every = conditions[i + 1] as number;
      const ratio = on.stepsPerSecond / off.stepsPerSecond;
      const kb = (on.traces ? on.traceBytes / on.traces / 1024 : 0).toFixed(0);
      const goal =
        every === PLAYING_MS
          ? `; goal ≥ ${ANIMATION_GOAL}×: ${ratio >= ANIMATION_GOAL ? 'pass' : 'MISS'}`
          : '; stress, no goal';
      rows.push({
        suite: 'animation',
        name: `${example} on/off, a trace every ${every / 1000} s`,
        value: ratio,
        unit: '×',
        note: `${on.stepsPerSecond.toFixed(1)} steps/s over ${windows(on)}; ${on.traces} traces of ${kb} KB${goal}`,
      });
    }
  }
  return rows;
}
