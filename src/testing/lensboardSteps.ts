/**
 * What Lensboard's float64 engine computes for a model file, as an exporter's checks hold a
 * target to (docs/export.md): its predictions on random inputs, and the parameters after each
 * of a few steps of its learner on random batches from fresh optimiser state — plus the model
 * file written after the first step (weights and optimiser state, float32) and the later steps
 * again from it, as a run resumed from that file takes them.
 */

import type { CompiledModel } from '../compile/types';
import type { Rng } from '../core/init';
import { lower } from '../core/program';
import { shapeSize } from '../core/shape';
import { createTypedEngine, type TypedTensor } from '../engines/typed';
import { compileModelFile } from '../export/graph';
import type { ModelFile, NamedArray, TrainingConfig } from '../io/modelSchema';
import { assembleLearner } from '../learn/learner';
import { stateEntries } from '../learn/modelNames';
import { initialState } from '../learn/params';

export interface Sizes {
  readonly rows: number;
  readonly batch: number;
  readonly steps: number;
}

export const uniform = (rng: Rng, n: number, low: number, high: number) =>
  Float64Array.from({ length: n }, () => low + (high - low) * rng());

/** Labels a loss of this task reads: one-hot classes, else values in [0, 1). */
export function labels(rng: Rng, rows: number, config: TrainingConfig): Float64Array {
  const k = shapeSize(config.dataset.labelShape);
  if (config.dataset.task !== 'classification') return uniform(rng, rows * k, 0, 1);
  const y = new Float64Array(rows * k);
  for (let r = 0; r < rows; r++) y[r * k + Math.floor(rng() * k)] = 1;
  return y;
}

/** The vocabulary of the embedding that reads the model's data input directly, if one does. */
export function inputVocabulary(model: CompiledModel): number | undefined {
  const d = model.diagram;
  const embed = d.boxes.find((b) => b.gen === 'embedding' && d.inputs.includes(b.inputs[1]));
  return embed ? (embed.config.vocab as number) : undefined;
}

/** Inputs for this model: token ids 0…V−1 when an embedding reads them, else uniform in [−1, 1). */
export function features(rng: Rng, n: number, vocab: number | undefined): Float64Array {
  if (vocab === undefined) return uniform(rng, n, -1, 1);
  return Float64Array.from({ length: n }, () => Math.floor(rng() * vocab));
}

export const plain = (data: Float32Array | Float64Array) => Float64Array.from(data);

export interface Expected {
  readonly x: Float64Array;
  readonly predictions: Float64Array;
  readonly batches: { x: Float64Array; y: Float64Array }[];
  /** The parameters by name after each step. */
  readonly steps: Map<string, Float64Array>[];
  /** The model file written after the first step: its weights and the optimiser's state. */
  readonly afterFirst: NamedArray[];
  /** The parameters after each later step, going on from `afterFirst` (float32, as the file holds). */
  readonly resumed: Map<string, Float64Array>[];
}

const tensorOf = (t: TypedTensor): TypedTensor => ({ shape: [...t.shape], data: plain(t.data as Float64Array) });

/** Lensboard's float64 engine on the model file: predictions on `rows` inputs, then `steps` steps of its learner. */
export function lensboard(file: ModelFile, weights: readonly NamedArray[], rng: Rng, sizes: Sizes): Expected {
  const { model } = compileModelFile(file);
  const d = file.trainingConfig.dataset;
  const width = shapeSize(d.featureShape);
  const params: TypedTensor[] = model.params.map((p) => {
    const w = weights.find((x) => x.name === p.name) as NamedArray;
    return { shape: [...p.type.shape], data: plain(w.data) };
  });
  const vocab = inputVocabulary(model);
  const x = features(rng, sizes.rows * width, vocab);
  const forward = createTypedEngine(lower(model.diagram), { dtype: 'float64' });
  const [y] = forward.run([...params, { shape: [sizes.rows, ...d.featureShape], data: x }]);
  const predictions = plain(y.data as Float64Array);

  const learner = assembleLearner(model);
  const engine = createTypedEngine(learner.stepProgram, { dtype: 'float64' });
  const { layout } = learner;
  const k = params.length;
  const o = file.trainingConfig.optimiser;
  const hypers = layout.hypers.map((h) => ({ shape: [], data: Float64Array.of(o[h]) }));
  const step = (learnt: TypedTensor[], state: TypedTensor[], batch: Expected['batches'][number]) => {
    const out = engine.run([
      ...learnt,
      ...state,
      ...hypers,
      { shape: [sizes.batch, ...d.featureShape], data: batch.x },
      { shape: [sizes.batch, ...d.labelShape], data: batch.y },
    ]);
    return { learnt: out.slice(0, k).map(tensorOf), state: out.slice(k, k + layout.state.length).map(tensorOf) };
  };
  const named = (learnt: TypedTensor[]) =>
    new Map(model.params.map((p, i) => [p.name, learnt[i].data as Float64Array]));
  let now: { learnt: TypedTensor[]; state: TypedTensor[] } = {
    learnt: params,
    state: initialState(layout.state, layout.stateInit).map((data, i) => ({ shape: [...layout.state[i].shape], data })),
  };
  const batches: Expected['batches'] = [];
  const steps: Expected['steps'] = [];
  let afterFirst: NamedArray[] = [];
  for (let s = 0; s < sizes.steps; s++) {
    const batch = {
      x: features(rng, sizes.batch * width, vocab),
      y: labels(rng, sizes.batch, file.trainingConfig),
    };
    batches.push(batch);
    now = step(now.learnt, now.state, batch);
    steps.push(named(now.learnt));
    if (s === 0) {
      const entries = stateEntries(model.params, learner.optimiser);
      afterFirst = [
        ...model.params.map((p, i) => ({
          name: p.name,
          shape: [...p.type.shape],
          group: 'model' as const,
          data: Float32Array.from(now.learnt[i].data),
        })),
        ...entries.map((e, i) => ({
          name: e.name,
          shape: [...e.shape],
          group: 'optimizer' as const,
          data: Float32Array.from(now.state[i].data),
        })),
      ];
    }
  }
  // the same later steps from what the file after the first step holds (float32 values)
  let later: { learnt: TypedTensor[]; state: TypedTensor[] } = {
    learnt: afterFirst.slice(0, k).map((w) => ({ shape: [...w.shape], data: plain(w.data) })),
    state: afterFirst.slice(k).map((w) => ({ shape: [...w.shape], data: plain(w.data) })),
  };
  const resumed: Expected['resumed'] = [];
  for (const batch of batches.slice(1)) {
    later = step(later.learnt, later.state, batch);
    resumed.push(named(later.learnt));
  }
  return { x, predictions, batches, steps, afterFirst, resumed };
}
