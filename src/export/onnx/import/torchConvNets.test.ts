/**
 * Convolutional networks as torch.onnx.export writes them open, predict and train as in torch
 * (docs/export.md, "Import back"). One /usr/bin/python3 process (Debian's torch) runs
 * torchConvNets.py: LeNet-5 (padded convolution, max pooling, torch.flatten), a small ResNet
 * (torch's MaxPool2d(3, 2, 1), strided and 1×1 shortcut convolutions, BatchNorm in eval mode folded or drawn, residual adds,
 * global pooling, x.reshape(N, -1)) and a MobileNet-style block (depthwise and pointwise
 * convolutions, ReLU6, a depthwise convolution with two outputs per channel, stride and
 * dilation, average pooling with counted padding, view(-1, n)) and pools in ceil mode (max,
 * average, average with padding not counted, their last windows partial), each exported at opsets 13 and 17
 * with a dynamic batch and predicted on another batch size. On the float64 engine the
 * predictions are torch's within 1e-5, and one SGD step of ½Σ(ŷ − y)² moves every parameter to
 * where torch's step moves it within 1e-4 (relative to the parameter's scale).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lower } from '../../../core/program';
import { createTypedEngine } from '../../../engines/index';
import { assembleLearner } from '../../../learn/learner';
import { createRunner } from '../../../learn/runners/index';
import { relativeError } from '../../../testing/exportOracle';
import { compileModelFile, exportGraph } from '../../graph';
import { importOnnx } from './importOnnx';

const PYTHON = '/usr/bin/python3';
const OPSETS = [13, 17];

interface Expected {
  readonly inputShape: number[];
  readonly input: number[];
  readonly output: number[];
  readonly labels: number[];
  readonly lr: number;
}

/** Boxes each model must be drawn with, and the geometry its correlations must carry. */
const DRAWN: Record<string, { gens: string[]; geometry: unknown[]; pools?: unknown[] }> = {
  lenet5: { gens: ['correlate2d', 'maxPool2d', 'flatten', 'linear', 'relu'], geometry: [{ pads: [2, 2, 2, 2] }] },
  resnet: {
    gens: ['correlate2d', 'add', 'multiply', 'sumFeatures', 'flatten', 'linear'],
    geometry: [
      { pads: [1, 1, 1, 1], strides: [2, 2] },
      { strides: [2, 2], pads: [0, 0, 0, 0] },
    ],
  },
  mobilenet: {
    gens: ['correlate2d', 'clip', 'constant', 'flatten', 'linear'],
    geometry: [
      { groups: 8, pads: [1, 1, 1, 1] },
      { groups: 16, strides: [2, 2], dilations: [2, 1], pads: [2, 2, 1, 1] },
      { groups: 32, pads: [1, 1, 1, 1] },
    ],
  },
  // ceil mode: the max pool's partial window as padding at the end, the averages' divisors counted
  edges: {
    gens: ['correlate2d', 'maxPool2d', 'reciprocal', 'multiply', 'constant', 'flatten', 'linear'],
    geometry: [{ groups: 3, dilations: [2, 2], pads: [2, 2, 2, 2] }],
    pools: [{ k: 3, stride: 2, pads: [0, 1, 0, 1] }],
  },
};

let dir = '';
let expected: Record<string, Expected> = {};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lensboard-torch-convs-'));
  const script = new URL('./torchConvNets.py', import.meta.url).pathname;
  const run = spawnSync(PYTHON, [script, dir, OPSETS.join(',')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`torchConvNets.py failed:\n${run.stderr}`);
  expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
});

function opened(file: string) {
  const r = importOnnx(new Uint8Array(readFileSync(join(dir, file))), file);
  if (!r.ok) throw new Error(r.errors.map((k) => k.message).join('\n'));
  const graph = exportGraph(r.file, r.weights);
  const { model } = compileModelFile(r.file);
  // each weight's place in the file (the export graph lists them in its own order, by name)
  const place = graph.weights.map((w) => r.weights.findIndex((f) => f.name === w.name || f.name === `${w.name}.W`));
  expect(place.slice().sort((a, b) => a - b)).toEqual(graph.weights.map((_, k) => k));
  return { file: r.file, weights: graph.weights.map((w) => Float64Array.from(w.data)), graph, model, place };
}

describe('convolutional networks written by torch.onnx.export', () => {
  const cases = Object.keys(DRAWN).flatMap((model) => OPSETS.map((opset) => [model, opset] as const));
  it.each(cases)('%s at opset %i opens and predicts what torch predicts', (name, opset) => {
    const e = expected[name];
    const { file, weights, graph, model } = opened(`${name}-${opset}.onnx`);
    const engine = createTypedEngine(lower(model.diagram), { dtype: 'float64' });
    const features = { shape: [e.inputShape[0], ...graph.inputs[0].type.shape], data: Float64Array.from(e.input) };
    const [y] = engine.run([...graph.weights.map((w, k) => ({ shape: w.shape, data: weights[k] })), features]);
    expect(file.diagram.boxes.map((b) => b.generator)).toEqual(expect.arrayContaining(DRAWN[name].gens));
    const configs = file.diagram.boxes.filter((b) => b.generator === 'correlate2d').map((b) => b.config);
    for (const g of DRAWN[name].geometry) expect(configs).toContainEqual(expect.objectContaining(g));
    const pools = file.diagram.boxes.filter((b) => b.generator === 'maxPool2d').map((b) => b.config);
    for (const p of DRAWN[name].pools ?? []) expect(pools).toContainEqual(p);
    expect(y.data.length).toBe(e.output.length);
    expect(relativeError(Float64Array.from(y.data), e.output)).toBeLessThan(1e-5);
  });

  it.each(Object.keys(DRAWN))('%s: one SGD step moves the parameters where torch moves them', (name) => {
    const e = expected[name];
    const { weights, model, place } = opened(`${name}-${OPSETS.at(-1)}.onnx`);
    const later = opened(`${name}-stepped.onnx`);
    // the stepped file's weights in this file's graph order, matched by their place in the file
    const stepped = place.map((at) => later.weights[later.place.indexOf(at)]);
    const learner = assembleLearner(model, { loss: 'mse', optimiser: 'gd' });
    const runner = createRunner('typed-float64', learner, weights, []);
    runner.setHypers({ learningRate: e.lr, momentum: 0, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 });
    runner.step({ features: Float32Array.from(e.input), labels: Float32Array.from(e.labels), n: e.inputShape[0] });
    const after = runner.learnt();
    expect(after.length).toBe(stepped.length);
    after.forEach((p, k) => {
      expect(relativeError(stepped[k], weights[k]), `parameter ${k} moves in torch`).toBeGreaterThan(1e-6);
      expect(relativeError(Float64Array.from(p), stepped[k]), `parameter ${k}`).toBeLessThan(1e-4);
    });
  });
});
