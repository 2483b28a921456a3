/**
 * The MLP step rows: each implementation trains the same MLP from the same weights on the same
 * batch, timed one after another on one backend, then the ratios of the compiled Program to
 * each peer. Shared by the Node suite (cpu, wasm, typed arrays) and the Chromium page (webgl).
 */

import { type Impl, initialWeights, type MlpSpec, mlpName, syntheticBatch } from '../../src/testing/mlpSpec';
import { type FreshTiming, type TimingOptions, timeFresh } from './measure';
import { createLayersPeer } from './peers/layers';
import { createVariableGradsPeer } from './peers/variableGrads';
import { type BenchRow, goalNote, megabytes } from './table';

export type MlpShape = Omit<MlpSpec, 'batch'>;

/** 2-16-16-1 is a classroom's regression net; 784-128-10 is the mnist-mlp experiment's. */
export const MLPS: readonly MlpShape[] = [
  {
    sizes: [2, 16, 16, 1],
    hidden: 'tanh',
    output: 'linear',
    loss: 'mse',
    optimiser: { kind: 'adam', learningRate: 0.01 },
  },
  {
    sizes: [784, 128, 10],
    hidden: 'relu',
    output: 'linear',
    loss: 'softmax-cross-entropy',
    optimiser: { kind: 'adam', learningRate: 0.001 },
  },
];
export const BATCHES = [1, 32, 256] as const;

type OptimiserKind = MlpSpec['optimiser']['kind'];

/** `--optimiser=gd|momentum|adam`: train every MLP with that optimiser instead of its own. */
export function optimiserArg(args: readonly string[]): OptimiserKind | undefined {
  const kind = args.find((a) => a.startsWith('--optimiser='))?.split('=')[1];
  if (kind === undefined || kind === 'gd' || kind === 'momentum' || kind === 'adam') return kind;
  throw new Error(`--optimiser must be gd, momentum or adam, got ${kind}`);
}

export const withOptimiser = (kind: OptimiserKind | undefined): readonly MlpShape[] =>
  kind === undefined ? MLPS : MLPS.map((m) => ({ ...m, optimiser: { ...m.optimiser, kind } }));
export const SPEED_GOAL = 0.8;

export const PEERS: readonly Impl[] = [
  { name: 'tfjs-layers', make: createLayersPeer },
  { name: 'variableGrads', make: createVariableGradsPeer },
];

export interface MlpRowOptions {
  readonly suite: string;
  /** Backend label in the row names: cpu, wasm, webgl, typed-f32. */
  readonly backend: string;
  readonly impls: readonly Impl[];
  readonly timing: TimingOptions;
  readonly mlps?: readonly MlpShape[];
  readonly batches?: readonly number[];
  readonly seed?: number;
  /** Called before each row (e.g. to print progress). */
  readonly onRow?: (name: string) => void;
}

export function memoryNote(t: FreshTiming, hostLabel: string): string {
  const host = t.hostPeakBytes === undefined ? [] : [`${hostLabel} ${megabytes(t.hostPeakBytes)}`];
  const tfPart =
    t.tfPeakBytes > 0 || t.heldTensors > 0
      ? [`tf step peak ${megabytes(t.tfPeakBytes)}, holds ${t.heldTensors} tensors`]
      : [];
  const growth = t.tensorGrowth !== 0 ? [`LEAK ${t.tensorGrowth} tensors while training`] : [];
  const leftover = t.leftoverTensors !== 0 ? [`LEAK ${t.leftoverTensors} tensors after dispose`] : [];
  return [...host, ...tfPart, ...growth, ...leftover].join(' · ');
}

export function timingRow(suite: string, name: string, t: FreshTiming, hostLabel: string): BenchRow {
  const spread = `${Math.min(...t.windows).toFixed(0)}–${Math.max(...t.windows).toFixed(0)}`;
  return {
    suite,
    name,
    value: t.msPerStep,
    unit: 'ms/step',
    memory: memoryNote(t, hostLabel),
    note: `${t.stepsPerSec.toFixed(1)} steps/s (windows ${spread}), loss ${t.lastLoss.toPrecision(3)}`,
  };
}

export function ratioRows(suite: string, prefix: string, times: ReadonlyMap<string, number>): BenchRow[] {
  const compiled = times.get('compiled');
  if (compiled === undefined) return [];
  return PEERS.flatMap((p) => {
    const peer = times.get(p.name);
    if (peer === undefined) return [];
    const ratio = compiled / peer;
    return [
      { suite, name: `${prefix} compiled/${p.name}`, value: ratio, unit: '×', note: goalNote(ratio, SPEED_GOAL) },
    ];
  });
}

/** ms/step of each row measured, keyed `${mlp} b${batch} ${backend} ${impl}` (the row's name). */
export type StepTimes = Map<string, number>;

export async function mlpRows(o: MlpRowOptions, hostLabel: string, all: StepTimes = new Map()): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const shape of o.mlps ?? MLPS) {
    for (const batchSize of o.batches ?? BATCHES) {
      const spec: MlpSpec = { ...shape, batch: batchSize };
      const weights = initialWeights(spec, o.seed ?? 1);
      const batch = syntheticBatch(spec, o.seed ?? 1);
      const prefix = `${mlpName(spec)} b${batchSize} ${o.backend}`;
      const times = new Map<string, number>();
      o.onRow?.(`${prefix}: ${o.impls.map((i) => i.name).join(', ')}`);
      const timings = await timeFresh(
        o.impls.map((impl) => () => impl.make(spec, weights, batch)),
        o.timing,
      );
      o.impls.forEach((impl, i) => {
        times.set(impl.name, timings[i].msPerStep);
        all.set(`${prefix} ${impl.name}`, timings[i].msPerStep);
        rows.push(timingRow(o.suite, `${prefix} ${impl.name}`, timings[i], hostLabel));
      });
      rows.push(...ratioRows(o.suite, prefix, times));
    }
  }
  return rows;
}
