/**
 * ONNX files as torch.onnx.export writes them open as diagrams that predict what torch predicts
 * (docs/export.md, "Import back"). One /usr/bin/python3 process (Debian's torch) builds the models
 * of torchModels.py — LeNet-5's shape with average pooling and `x.view(x.size(0), -1)`; an MLP
 * through BatchNorm1d, ELU, division and multiplication by constants, Hardtanh, both GELUs,
 * reshape and flatten (also exported with a fixed batch); three input channels with BatchNorm2d
 * and global average pooling — exports each at opsets 13 and 17 and writes torch's float64
 * predictions, which Lensboard's float64 engine must give within 1e-5 (relative to the output's
 * scale). Each layer is drawn as the boxes the import promises, not refused; a last LogSoftmax
 * is the loss's and not drawn, so it is applied to the predictions before they are compared.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lower } from '../../../core/program';
import { createTypedEngine } from '../../../engines/index';
import { relativeError } from '../../../testing/exportOracle';
import { asFileOutputs } from '../../../testing/onnxLogits';
import { compileModelFile, exportGraph } from '../../graph';
import { importOnnx } from './importOnnx';

const PYTHON = '/usr/bin/python3';
const OPSETS = [13, 17];

interface Expected {
  readonly inputShape: number[];
  readonly input: number[];
  readonly output: number[];
}

/** The boxes each model's layers must be drawn as (a subset of what the diagram holds). */
const DRAWN: Record<string, string[]> = {
  lenet: ['correlate2d', 'sumFeatures', 'scale', 'flatten', 'gelu', 'clip'],
  activations: ['multiply', 'bias', 'elu', 'scale', 'clip', 'gelu', 'reshape', 'flatten'],
  'activations-fixed': ['elu', 'gelu', 'clip', 'flatten'],
  rgb: ['split', 'concat', 'correlate2d', 'multiply', 'sumFeatures', 'elu'],
};

let dir = '';
let expected: Record<string, Expected> = {};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lensboard-torch-'));
  const script = new URL('./torchModels.py', import.meta.url).pathname;
  const run = spawnSync(PYTHON, [script, dir, OPSETS.join(',')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`torchModels.py failed:\n${run.stderr}`);
  expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
});

function predict(bytes: Uint8Array, e: Expected): { y: Float64Array; gens: string[] } {
  const r = importOnnx(bytes, 'torch.onnx');
  if (!r.ok) throw new Error(r.errors.map((k) => k.message).join('\n'));
  const graph = exportGraph(r.file, r.weights);
  const engine = createTypedEngine(lower(compileModelFile(r.file).model.diagram), { dtype: 'float64' });
  const [y] = engine.run([
    ...graph.weights.map((w) => ({ shape: w.shape, data: Float64Array.from(w.data) })),
    { shape: [e.inputShape[0], ...graph.inputs[0].type.shape], data: Float64Array.from(e.input) },
  ]);
  return {
    y: asFileOutputs(bytes, Float64Array.from(y.data), e.inputShape[0]),
    gens: r.file.diagram.boxes.map((b) => b.generator),
  };
}

describe('ONNX files written by torch.onnx.export', () => {
  const cases = Object.keys(DRAWN).flatMap((model) => OPSETS.map((opset) => [model, opset] as const));
  it.each(cases)('%s at opset %i opens and predicts what torch predicts', (model, opset) => {
    const e = expected[model];
    const { y, gens } = predict(new Uint8Array(readFileSync(join(dir, `${model}-${opset}.onnx`))), e);
    expect(gens).toEqual(expect.arrayContaining(DRAWN[model]));
    expect(y.length).toBe(e.output.length);
    expect(relativeError(y, e.output)).toBeLessThan(1e-5);
  });
});
