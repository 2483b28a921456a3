/**
 * The train-step cases (conformance/README.md): for each optimiser, XOR's learner (2 → 8 tanh
 * → 2, softmax cross-entropy) trained with it, resumed from a model file that holds weights and
 * an optimiser state a few steps old, and the weights and state one step later. The state is
 * made by float64 steps on random batches, then written as float32, as any saved run is.
 */
import { mulberry32, type Rng } from '../../core/init';
import { shapeSize } from '../../core/shape';
import { compileModelFile } from '../../export/graph';
import { loadExample } from '../../io/examples/index';
import type { NamedArray, TrainingConfig } from '../../io/modelSchema';
import { buildModelFile } from '../../io/modelWrite';
import { assembleLearner } from '../../learn/learner';
import { documentForModel } from '../../learn/modelDocument';
import { stateEntries } from '../../learn/modelNames';
import { hypersOf, OPTIMISER_KINDS, type OptimiserKind } from '../../learn/optimisers/index';
import { documentModelFile } from '../../model/documentModelFile';
import { drawValues, seedOf } from './draw';
import { json, type ManifestCase, paths, rowsOf, type Tolerance } from './format';
import { type Batch, referenceStep } from './reference';

/** Float32 runtimes reach these after one step from the file's float32 values. */
export const STEP_TOLERANCE: Tolerance = { absolute: 1e-6, relative: 1e-4 };

const BATCH = 4;
/** Steps taken before the file is written, so that every state is away from its start. */
const WARM_STEPS = 3;

/** Hyper-parameters away from the defaults where an optimiser reads them. */
const SETTINGS = { learningRate: 0.05, momentum: 0.8, beta1: 0.85, beta2: 0.99, epsilon: 1e-6 };

function batchOf(rng: Rng, config: TrainingConfig): Batch {
  const d = config.dataset;
  const x = drawValues(rng, BATCH * shapeSize(d.featureShape), 'real', -1, 1);
  const k = shapeSize(d.labelShape);
  const y = new Float32Array(BATCH * k);
  for (let r = 0; r < BATCH; r++) y[r * k + Math.floor(rng() * k)] = 1;
  return { x, y, n: BATCH };
}

function optimiserCase(kind: OptimiserKind, files: Map<string, string>): ManifestCase {
  const id = `optimiser-${kind}`;
  const rng = mulberry32(seedOf(id));
  const xor = loadExample('xor');
  const base = documentModelFile(xor).file.trainingConfig;
  const config: TrainingConfig = { ...base, optimiser: { kind, ...hypersOf(SETTINGS) } };
  const doc = documentForModel(xor, config);
  const first = documentModelFile(doc);
  const { model } = compileModelFile(first.file);
  const entries = stateEntries(model.params, assembleLearner(model).optimiser);
  let weights: { name: string; group: NamedArray['group']; data: ArrayLike<number> }[] = [
    ...first.weights.map((w) => ({ ...w, data: drawValues(rng, w.data.length, 'real', -0.5, 0.5) })),
    ...entries.map((e) => ({
      name: e.name,
      group: 'optimizer' as const,
      data: new Float64Array(shapeSize(e.shape)).fill(e.init),
    })),
  ];
  for (let s = 0; s < WARM_STEPS; s++) weights = referenceStep(first.file, weights, batchOf(rng, config));
  const shapes = new Map([
    ...model.params.map((p) => [p.name, [...p.type.shape]] as const),
    ...entries.map((e) => [e.name, [...e.shape]] as const),
  ]);
  const saved: NamedArray[] = weights.map((w) => ({
    name: w.name,
    group: w.group,
    shape: shapes.get(w.name) ?? [],
    data: Float32Array.from(w.data),
  }));
  const file = buildModelFile({
    diagram: doc,
    trainingConfig: { ...config, epochsDone: 0, stepsDone: WARM_STEPS },
    metrics: null,
    weights: saved,
    createdAt: new Date(0),
  });
  const batch = batchOf(rng, config);
  const after = referenceStep(file, saved, batch);
  const d = config.dataset;
  const dir = `cases/${id}`;
  files.set(`${dir}/model.json`, json(file));
  files.set(
    `${dir}/inputs.json`,
    json({ x: rowsOf([BATCH, ...d.featureShape], batch.x), y: rowsOf([BATCH, ...d.labelShape], batch.y) }),
  );
  files.set(
    `${dir}/expected.json`,
    json({ weights: after.map((w) => ({ name: w.name, group: w.group, shape: w.shape, values: [...w.data] })) }),
  );
  return { id, kind: 'train-step', from: { optimiser: kind }, ...paths(dir), tolerance: STEP_TOLERANCE };
}

export const optimiserCases = (files: Map<string, string>): ManifestCase[] =>
  OPTIMISER_KINDS.map((kind) => optimiserCase(kind, files));
