/**
 * What a conformance case expects, computed by Lensboard's float64 typed-array engine — the
 * reference engine the core's own tests hold every generator to — from the very float32 values
 * the case's files hold: the model's prediction on the case's rows, and one step of the
 * learner its file records (loss, optimiser and hyper-parameters) from its weights and state.
 */
import { lower } from '../../core/program';
import { createTypedEngine, type TypedTensor } from '../../engines/typed';
import { compileModelFile } from '../../export/graph';
import type { ModelFile, NamedArray } from '../../io/modelSchema';
import { assembleLearner } from '../../learn/learner';
import { stateEntries } from '../../learn/modelNames';

const f64 = (data: ArrayLike<number>) => Float64Array.from(data);

function named(weights: readonly NamedArray[], group: NamedArray['group'], name: string): NamedArray {
  const w = weights.find((x) => x.group === group && x.name === name);
  if (!w) throw new Error(`the case has no ${group} weight '${name}'`);
  return w;
}

/** The model's prediction on n rows of features (flat), in float64: [n, …output shape]. */
export function referencePredict(file: ModelFile, weights: readonly NamedArray[], x: Float32Array): TypedTensor {
  const { model } = compileModelFile(file);
  const featureShape = file.trainingConfig.dataset.featureShape;
  const width = featureShape.reduce((a, b) => a * b, 1);
  const n = x.length / width;
  const params = model.params.map((p) => ({
    shape: [...p.type.shape],
    data: f64(named(weights, 'model', p.name).data),
  }));
  const engine = createTypedEngine(lower(model.diagram), { dtype: 'float64' });
  const [y] = engine.run([...params, { shape: [n, ...featureShape], data: f64(x) }], { batchSize: n });
  return { shape: [...y.shape], data: f64(y.data) };
}

export interface Batch {
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly n: number;
}

/** A weight after a step, in float64: parameters (group model) then the optimiser's state. */
export interface SteppedWeight {
  readonly name: string;
  readonly group: NamedArray['group'];
  readonly shape: readonly number[];
  readonly data: Float64Array;
}

/**
 * One step of the file's learner on a batch, in float64, from `weights` (the parameters and the
 * optimiser's state, named as a model file names them); the next weights, named likewise.
 */
export function referenceStep(
  file: ModelFile,
  weights: readonly { name: string; group: NamedArray['group']; data: ArrayLike<number> }[],
  batch: Batch,
): SteppedWeight[] {
  const { model } = compileModelFile(file);
  const learner = assembleLearner(model);
  const { layout } = learner;
  const d = file.trainingConfig.dataset;
  const o = file.trainingConfig.optimiser;
  const entries = stateEntries(model.params, learner.optimiser);
  const find = (group: NamedArray['group'], name: string) => {
    const w = weights.find((x) => x.group === group && x.name === name);
    if (!w) throw new Error(`the case has no ${group} weight '${name}'`);
    return f64(w.data);
  };
  const params = model.params.map((p) => ({ shape: [...p.type.shape], data: find('model', p.name) }));
  const state = entries.map((e) => ({ shape: [...e.shape], data: find('optimizer', e.name) }));
  const hypers = layout.hypers.map((h) => ({ shape: [], data: Float64Array.of(o[h]) }));
  const engine = createTypedEngine(learner.stepProgram, { dtype: 'float64' });
  const out = engine.run([
    ...params,
    ...state,
    ...hypers,
    { shape: [batch.n, ...d.featureShape], data: f64(batch.x) },
    { shape: [batch.n, ...d.labelShape], data: f64(batch.y) },
  ]);
  const k = params.length;
  return [
    ...model.params.map((p, i) => ({
      name: p.name,
      group: 'model' as const,
      shape: [...p.type.shape],
      data: f64(out[i].data),
    })),
    ...entries.map((e, i) => ({
      name: e.name,
      group: 'optimizer' as const,
      shape: [...e.shape],
      data: f64(out[k + i].data),
    })),
  ];
}
