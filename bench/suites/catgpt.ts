/**
 * Suite `catgpt` (Node): one SGD step of CatGPT's full configuration (batch 64 × context 32,
 * width 384, 6 heads, 6 blocks; src/io/examples/transformer.ts) through the learn trainer on
 * Lensboard's fastest Node engine, against PyTorch 1.13 on the CPU in float32 (/usr/bin/python3,
 * `shared/peers/catgptTorch.py`: the same network, its own initial weights and batch) with one
 * thread and with every core. PyTorch runs before and after the Lensboard engines, and its
 * steps of both runs are pooled, so a change of the machine's load falls on both sides. Each
 * row is the median step after the first; the note gives tokens/s (64 × 32 tokens a step) and
 * the process's CPU time per step, which a busy machine's waiting does not inflate. The goal
 * (≤ 2× PyTorch's time) is checked on CPU time against PyTorch on one thread — Lensboard's
 * engines run on one — and the wall-clock ratio against PyTorch on every core is shown beside it.
 * The engine is the typed one (float32), Lensboard's fastest in Node here; `--with-wasm` adds
 * tfjs-wasm. `--quick` takes one timed step instead of three. Then the tiny configuration in
 * Chromium, in the app's worker on wasm and webgl, against headless Node (./catgptPage;
 * `--no-page` skips it).
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { type CliEngine, startEngine } from '../../src/cli/engine';
import { CATGPT_FULL } from '../../src/io/examples/transformer';
import { type CatgptRun, catgptStepRun } from '../shared/catgptRun';
import { median } from '../shared/measure';
import { rss } from '../shared/rss';
import { type BenchRow, goalNote, megabytes } from '../shared/table';
import { benchCatgptPage } from './catgptPage';

export const CATGPT_GOAL = 2;
const PYTHON = '/usr/bin/python3';
const TOKENS = CATGPT_FULL.batchSize * CATGPT_FULL.context;

interface TorchRun {
  readonly stepMs: number[];
  readonly cpuMs: number[];
  readonly threads: number;
  readonly torch: string;
}

function torchRun(threads: number, steps: number): TorchRun {
  const script = fileURLToPath(new URL('../shared/peers/catgptTorch.py', import.meta.url));
  const c = CATGPT_FULL;
  const shape = [c.vocab, c.context, c.width, c.heads, c.blocks, c.batchSize];
  const run = spawnSync(PYTHON, [script, String(threads), String(steps), ...shape.map(String)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`catgptTorch.py failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
}

const perSecond = (ms: number) => Math.round((1000 * TOKENS) / ms);

export async function benchCatgpt(args: readonly string[]): Promise<BenchRow[]> {
  const quick = args.includes('--quick');
  const steps = quick ? 1 : 3;
  const log = (s: string) => process.stderr.write(`  catgpt: ${s}\n`);
  const all = cpus().length;
  const torch = new Map<number, TorchRun[]>();
  const torchTimes = () => {
    for (const threads of [1, all]) {
      log(`PyTorch, ${threads} thread(s), ${steps} steps`);
      torch.set(threads, [...(torch.get(threads) ?? []), torchRun(threads, steps)]);
    }
  };
  torchTimes();
  await startEngine('tfjs-cpu'); // tf.memory() needs a live backend, even around the typed engine
  // the typed engine is Lensboard's fastest in Node at this size: tfjs-wasm's matMul of [2048, 384]
  // by [384, 384] runs at a sixth of the typed loops' rate here, so its step would take many minutes
  const engines: CliEngine[] = args.includes('--with-wasm') ? ['typed', 'tfjs-wasm'] : ['typed'];
  const ours: { label: string; run: CatgptRun }[] = [];
  for (const engine of engines) {
    log(`Lensboard on ${engine}, ${steps} steps`);
    const name = await startEngine(engine);
    ours.push({ label: engine === 'typed' ? 'typed-f32' : engine, run: await catgptStepRun(name, steps) });
  }
  torchTimes();
  const rows: BenchRow[] = ours.map(({ label, run }) => ({
    suite: 'catgpt',
    name: `full, one SGD step (64 × 32): Lensboard ${label}`,
    value: run.msPerStep,
    unit: 'ms',
    note: `${perSecond(run.msPerStep)} tokens/s; CPU ${run.cpuMsPerStep.toFixed(0)} ms/step; loss ${run.loss.toFixed(3)}`,
    memory: `rss ${megabytes(rss())} · ${tf.memory().numTensors} tensors after`,
  }));
  const pooled = [...torch.entries()].map(([threads, runs]) => ({
    threads,
    ms: median(runs.flatMap((r) => r.stepMs)),
    cpu: median(runs.flatMap((r) => r.cpuMs)),
    version: runs[0].torch,
  }));
  for (const p of pooled)
    rows.push({
      suite: 'catgpt',
      name: `full, one SGD step (64 × 32): PyTorch ${p.version} cpu, ${p.threads} thread${p.threads > 1 ? 's' : ''}`,
      value: p.ms,
      unit: 'ms',
      note: `${perSecond(p.ms)} tokens/s; CPU ${p.cpu.toFixed(0)} ms/step; runs before and after Lensboard's, pooled`,
    });
  const fastest = ours.reduce((a, b) => (b.run.cpuMsPerStep < a.run.cpuMsPerStep ? b : a));
  const [one, every] = [pooled[0], pooled[pooled.length - 1]];
  const ratio = fastest.run.cpuMsPerStep / one.cpu;
  rows.push(
    {
      suite: 'catgpt',
      name: 'full step, fastest Lensboard/PyTorch 1 thread (CPU time)',
      value: ratio,
      unit: '×',
      note: `${fastest.label}; ${goalNote(ratio, CATGPT_GOAL)}`,
    },
    {
      suite: 'catgpt',
      name: `full step, fastest Lensboard/PyTorch ${every.threads} threads (wall)`,
      value: fastest.run.msPerStep / every.ms,
      unit: '×',
      note: `${fastest.label}; a machine of ${all} cores`,
    },
  );
  if (!args.includes('--no-page')) rows.push(...(await benchCatgptPage(quick, log)));
  return rows;
}
