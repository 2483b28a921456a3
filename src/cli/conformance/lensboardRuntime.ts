/**
 * Lensboard itself as a conformance runtime: a predict case through `loadModel` (the float32
 * typed-array engine, as `npm run predict` runs it), a train-step case through the trainer's own
 * runner (float32), resumed from the file's weights and optimiser state as `npm run train`
 * resumes a model file.
 */
import { compileModelFile } from '../../export/graph';
import { assembleLearner } from '../../learn/learner';
import { trainerStart, wantedWeights } from '../../learn/modelFile';
import { hypersOf } from '../../learn/optimisers/index';
import { createTypedRunner } from '../../learn/runners/typed';
import { parseModelText } from '../../model/modelParse';
import { loadModel } from '../../model/modelRuntime';
import { type Answer, flatOf, type ManifestCase, type PredictInputs, type StepInputs } from './format';
import { eachCase, type Runtime } from './runtime';
import type { SuiteReader } from './suiteFiles';

function predict(suite: SuiteReader, c: ManifestCase): Answer {
  const model = loadModel(suite.modelText(c));
  const { x } = suite.inputs(c) as PredictInputs;
  // a case's inputs are the model's own (prepared) rows, whatever preparation its file records
  const rows = model.predict(Float32Array.from(flatOf(x)), { prepared: true });
  return { y: { shape: [rows.length, ...model.outputShape], rows: rows.map((r) => [...r]) } };
}

function step(suite: SuiteReader, c: ManifestCase): Answer {
  const parsed = parseModelText(suite.modelText(c));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  const { model } = compileModelFile(parsed.model);
  const learner = assembleLearner(model);
  const config = parsed.model.trainingConfig;
  const start = trainerStart(parsed.weights, config, model, learner.optimiser);
  if (!start.ok) throw new Error(start.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  const runner = createTypedRunner(
    learner,
    start.start.params.map((a) => Float32Array.from(a)),
    start.start.state.map((a) => Float32Array.from(a)),
    'float32',
  );
  runner.setHypers(hypersOf(config.optimiser));
  const { x, y } = suite.inputs(c) as StepInputs;
  runner.step({ features: Float32Array.from(flatOf(x)), labels: Float32Array.from(flatOf(y)), n: x.shape[0] });
  const values = [...runner.learnt(), ...runner.state()];
  runner.dispose();
  const wanted = wantedWeights(model, learner.optimiser);
  return {
    weights: wanted.map((w, i) => ({ name: w.name, group: w.group, shape: w.shape, values: [...values[i]] })),
  };
}

export const lensboardRuntime: Runtime = {
  name: 'lensboard',
  run: async (suite, cases) =>
    eachCase(cases, (c) => ({ answer: c.kind === 'predict' ? predict(suite, c) : step(suite, c) })),
};
