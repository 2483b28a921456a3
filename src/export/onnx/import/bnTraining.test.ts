/**
 * BatchNormalization in training mode, as torch.onnx.export writes a model in
 * TrainingMode.TRAINING (docs/export.md, "Import back"): imported as Lensboard's batchNorm (the
 * batch's own mean and variance) then γ and β, it predicts what torch predicts in training mode
 * on the same batch (≤ 1e-5), and one SGD step of ½Σ(ŷ − y)² moves every parameter where torch's
 * moves it (≤ 1e-4). The fixtures are made by bnTraining.py (Debian's torch 1.13): opset 13 marks
 * training mode by the statistics among the outputs, opset 15 by training_mode = 1.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lower } from '../../../core/program';
import { createTypedEngine } from '../../../engines/index';
import { assembleLearner } from '../../../learn/learner';
import { createRunner } from '../../../learn/runners/index';
import { relativeError } from '../../../testing/exportOracle';
import { compileModelFile, exportGraph } from '../../graph';
import { importOnnx } from './importOnnx';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
const expected = JSON.parse(readFileSync(fixture('bn-train.json'), 'utf8')) as {
  inputShape: number[];
  input: number[];
  output: number[];
  labels: number[];
  lr: number;
};

function opened(name: string) {
  const r = importOnnx(new Uint8Array(readFileSync(fixture(name))), name);
  if (!r.ok) throw new Error(r.errors.map((k) => k.message).join('\n'));
  const graph = exportGraph(r.file, r.weights);
  const { model } = compileModelFile(r.file);
  const place = graph.weights.map((w) => r.weights.findIndex((f) => f.name === w.name || f.name === `${w.name}.W`));
  return { file: r.file, weights: graph.weights.map((w) => Float64Array.from(w.data)), graph, model, place };
}

describe('BatchNormalization in training mode', () => {
  it.each(['bn-train-13.onnx', 'bn-train-15.onnx'])('%s opens as batchNorm and predicts as torch trains', (name) => {
    const { file, weights, graph, model } = opened(name);
    const norms = file.diagram.boxes.filter((b) => b.generator === 'batchNorm');
    expect(norms.map((b) => b.config)).toEqual([{ epsilon: 1e-5 }, { epsilon: 0.001 }]);
    const engine = createTypedEngine(lower(model.diagram), { dtype: 'float64' });
    const features = {
      shape: [expected.inputShape[0], ...graph.inputs[0].type.shape],
      data: Float64Array.from(expected.input),
    };
    const [y] = engine.run([...graph.weights.map((w, k) => ({ shape: w.shape, data: weights[k] })), features]);
    expect(y.data.length).toBe(expected.output.length);
    expect(relativeError(Float64Array.from(y.data), expected.output)).toBeLessThan(1e-5);
  });

  it('one SGD step moves γ, β and every weight where torch moves them', () => {
    const { weights, model, place, graph } = opened('bn-train-15.onnx');
    const later = opened('bn-train-stepped.onnx');
    const stepped = place.map((at) => later.weights[later.place.indexOf(at)]);
    const runner = createRunner('typed-float64', assembleLearner(model, { loss: 'mse', optimiser: 'gd' }), weights, []);
    runner.setHypers({ learningRate: expected.lr, momentum: 0, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 });
    const n = expected.inputShape[0];
    runner.step({ features: Float32Array.from(expected.input), labels: Float32Array.from(expected.labels), n });
    const after = runner.learnt();
    expect(after.length).toBe(stepped.length);
    after.forEach((p, k) => {
      expect(relativeError(Float64Array.from(p), stepped[k]), `parameter ${k}`).toBeLessThan(1e-4);
    });
    // a bias just before a batch norm is subtracted out with the mean: its gradient is 0 in both
    const still = graph.weights.filter((_, k) => relativeError(stepped[k], weights[k]) < 1e-6).map((w) => w.name);
    expect(still).toEqual(['_fc_Gemm.bias.W', 'conv.bias.W']);
  });
});
