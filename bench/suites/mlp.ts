/**
 * Suite `mlp` (Node): tfjs-layers vs the variableGrads loop vs the compiled Program on tfjs cpu
 * and wasm, then the compiled Program on the typed-array engine (float32), compared with the
 * fastest peer row of the same MLP and batch measured above.
 */

import '@tensorflow/tfjs-backend-wasm';
import { startExactly } from '../../src/engines/backend';
import { compiledImpl } from '../../src/testing/compiledTrainer';
import { type Impl, mlpName } from '../../src/testing/mlpSpec';
import { agreementRow } from '../shared/agreement';
import { defaultTiming } from '../shared/measure';
import { BATCHES, MLPS, mlpRows, optimiserArg, PEERS, type StepTimes, withOptimiser } from '../shared/mlpRows';
import { rss } from '../shared/rss';
import type { BenchRow } from '../shared/table';

const NODE_BACKENDS = ['cpu', 'wasm'] as const;

/** Ratios of the typed engine's step to the fastest peer on any tfjs backend (not a goal row). */
function typedRatios(times: StepTimes): BenchRow[] {
  return MLPS.flatMap((m) =>
    BATCHES.flatMap((batch) => {
      const prefix = `${mlpName(m)} b${batch}`;
      const typed = times.get(`${prefix} typed-f32 compiled`);
      let best: { name: string; ms: number } | undefined;
      for (const be of NODE_BACKENDS) {
        for (const p of PEERS) {
          const ms = times.get(`${prefix} ${be} ${p.name}`);
          if (ms !== undefined && (!best || ms < best.ms)) best = { name: `${be} ${p.name}`, ms };
        }
      }
      if (typed === undefined || !best) return [];
      return [
        {
          suite: 'mlp',
          name: `${prefix} typed-f32/fastest peer`,
          value: typed / best.ms,
          unit: '×',
          note: `fastest peer: ${best.name}`,
        },
      ];
    }),
  );
}

export async function benchMlp(args: readonly string[]): Promise<BenchRow[]> {
  const quick = args.includes('--quick');
  const mlps = withOptimiser(optimiserArg(args));
  const timing = defaultTiming(rss, quick);
  const onRow = (name: string) => process.stderr.write(`  mlp: ${name}\n`);
  const times: StepTimes = new Map();
  const rows: BenchRow[] = [];
  for (const backend of NODE_BACKENDS) {
    await startExactly(backend);
    const impls: Impl[] = [...PEERS, compiledImpl('tfjs')];
    rows.push(...(await mlpRows({ suite: 'mlp', backend, impls, timing, onRow, mlps }, 'rss', times)));
    for (const m of mlps) for (const b of [1, 32]) rows.push(await agreementRow('mlp', backend, m, b));
  }
  const typed = { suite: 'mlp', backend: 'typed-f32', impls: [compiledImpl('typed-f32')], timing, onRow, mlps };
  rows.push(...(await mlpRows(typed, 'rss', times)), ...typedRatios(times));
  return rows;
}
