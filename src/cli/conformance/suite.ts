/**
 * The conformance suite in memory (conformance/README.md): a predict case for every generator
 * case and every gallery example, a train-step case for every optimiser, each as a model file,
 * its inputs, and what Lensboard's float64 reference engine computes on them. Everything is
 * drawn from a seed made of the case's id, so adding a case changes no other case's files, and
 * building twice gives the same bytes (`npm run conformance:build` writes them; a test
 * compares them with the committed folder).
 */
import { compileDocument } from '../../compile/compile';
import { mulberry32, type Rng } from '../../core/init';
import { shapeSize } from '../../core/shape';
import type { LensDocument } from '../../io/document';
import { examples, loadExample } from '../../io/examples/index';
import type { DatasetRef, ModelFile, NamedArray } from '../../io/modelSchema';
import { MODEL_MINOR, MODEL_VERSION } from '../../io/modelSchema';
import { buildModelFile } from '../../io/modelWrite';
import { GENERATED_BY } from '../../io/version';
import { documentModelFile } from '../../model/documentModelFile';
import { generatorDocument } from './caseDocument';
import { drawValues, seedOf } from './draw';
import {
  json,
  type Manifest,
  type ManifestCase,
  paths,
  rowsOf,
  SUITE_FORMAT,
  SUITE_VERSION,
  type Tolerance,
} from './format';
import { GENERATOR_CASES } from './generatorCases';
import { optimiserCases } from './optimiserCases';
import { referencePredict } from './reference';

/** Float32 runtimes reach these on every case; ℤ₂ ones are exact. */
export const PREDICT_TOLERANCE: Tolerance = { absolute: 1e-5, relative: 1e-4 };
export const EXACT: Tolerance = { absolute: 0, relative: 0 };

export interface Suite {
  readonly manifest: Manifest;
  /** Every file of the suite by its path from the suite's folder, manifest.json included. */
  readonly files: ReadonlyMap<string, string>;
}

interface Predict {
  readonly id: string;
  readonly from: ManifestCase['from'];
  readonly file: ModelFile;
  readonly weights: readonly NamedArray[];
  readonly x: Float32Array;
}

function predictFiles(c: Predict, files: Map<string, string>): ManifestCase {
  const d = c.file.trainingConfig.dataset;
  const n = c.x.length / shapeSize(d.featureShape);
  const y = referencePredict(c.file, c.weights, c.x);
  const dir = `cases/${c.id}`;
  files.set(`${dir}/model.json`, json(c.file));
  files.set(`${dir}/inputs.json`, json({ x: rowsOf([n, ...d.featureShape], c.x) }));
  files.set(`${dir}/expected.json`, json({ y: rowsOf(y.shape, y.data) }));
  const tolerance = d.task === 'boolean' ? EXACT : PREDICT_TOLERANCE;
  return { id: c.id, kind: 'predict', from: c.from, ...paths(dir), tolerance };
}

/** A document with random weights in the file: real ones uniform in [lo, hi), ℤ₂ ones bits. */
function withWeights(doc: LensDocument, dataset: DatasetRef, rng: Rng, lo: number, hi: number) {
  const field = dataset.task === 'boolean' ? 'z2' : 'real';
  const r = compileDocument(doc, { datasetShapes: { ...dataset, field } });
  if (!r.model) throw new Error(`${doc.name}: ${r.errors.map((e) => e.message).join('; ')}`);
  const weights: NamedArray[] = r.model.params.map((p) => ({
    name: p.name,
    shape: [...p.type.shape],
    group: 'model',
    data: drawValues(rng, shapeSize(p.type.shape), p.type.field, lo, hi),
  }));
  const t = doc.training;
  const file = buildModelFile({
    diagram: doc,
    trainingConfig: {
      dataset,
      loss: t?.loss ?? 'mse',
      optimiser: {
        kind: 'gd',
        learningRate: t?.optimiser?.learningRate ?? 0.01,
        momentum: 0.9,
        beta1: 0.9,
        beta2: 0.999,
        epsilon: 1e-7,
      },
      seed: 1,
      batchSize: t?.batchSize ?? 32,
      testFraction: 0,
      epochsDone: 0,
      stepsDone: 0,
    },
    metrics: null,
    weights,
    createdAt: new Date(0),
  });
  return { file, weights };
}

function generatorCase(c: (typeof GENERATOR_CASES)[number]): Predict {
  const rng = mulberry32(seedOf(c.id));
  const [lo, hi] = c.range ?? [-1, 1];
  const { doc, dataset } = generatorDocument(c);
  const { file, weights } = withWeights(doc, dataset, rng, lo, hi);
  const field = dataset.task === 'boolean' ? 'z2' : 'real';
  const x = drawValues(rng, (c.rows ?? 3) * shapeSize(dataset.featureShape), field, lo, hi);
  return { id: c.id, from: { generator: c.gen }, file, weights, x };
}

/** A gallery example with random weights in [−0.5, 0.5) (biases too), on a few rows in [0, 1). */
function exampleCase(exampleId: string): Predict {
  const id = `example-${exampleId}`;
  const rng = mulberry32(seedOf(id));
  const doc = loadExample(exampleId);
  const first = documentModelFile(doc);
  const d = first.file.trainingConfig.dataset;
  const field = d.task === 'boolean' ? 'z2' : 'real';
  const params = first.weights.map((w) => drawValues(rng, w.data.length, field, -0.5, 0.5));
  const { file, weights } = documentModelFile(doc, params);
  const width = shapeSize(d.featureShape);
  const x = drawValues(rng, (width > 100 ? 2 : 4) * width, field, 0, 1);
  return { id, from: { example: exampleId }, file, weights, x };
}

export function buildSuite(): Suite {
  const files = new Map<string, string>();
  const cases: ManifestCase[] = [
    ...GENERATOR_CASES.map((c) => predictFiles(generatorCase(c), files)),
    ...examples.map((e) => predictFiles(exampleCase(e.id), files)),
    ...optimiserCases(files),
  ];
  const manifest: Manifest = {
    format: SUITE_FORMAT,
    version: SUITE_VERSION,
    modelFormat: `${MODEL_VERSION}.${MODEL_MINOR}`,
    generatedBy: GENERATED_BY,
    cases,
  };
  files.set('manifest.json', `${JSON.stringify(manifest, null, 1)}\n`);
  return { manifest, files };
}
