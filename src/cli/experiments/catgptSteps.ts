/**
 * CatGPT trained step by step on fixed batches of the `text` set, by Lensboard's typed engine and
 * by PyTorch running Lensboard's own PyTorch export of the same model with the same initial
 * weights (docs/transformer.md, "Checked against PyTorch"). The experiment prints both losses;
 * the test holds them together.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lower } from '../../core/program';
import { loadDatasetNode } from '../../data/catalogNode';
import type { Dataset } from '../../data/dataset';
import { createTypedEngine, type TypedTensor } from '../../engines/typed';
import { compileModelFile, exportGraph } from '../../export/graph';
import { pytorchTarget } from '../../export/pytorch/index';
import { wholeData } from '../../export/targets';
import { type CatgptConfig, catgptDocument } from '../../io/examples/transformer';
import type { ModelFile, NamedArray } from '../../io/modelSchema';
import { assembleLearner } from '../../learn/learner';
import { initialState } from '../../learn/params';
import { documentModelFile } from '../../model/documentModelFile';

export const PYTHON = '/usr/bin/python3';

export interface Batch {
  /** Token ids [B, T]. */
  readonly x: Float64Array;
  /** Next tokens one-hot [B, T, V]. */
  readonly y: Float64Array;
}

export interface Prepared {
  readonly config: CatgptConfig;
  readonly file: ModelFile;
  readonly weights: readonly NamedArray[];
  readonly batches: readonly Batch[];
  readonly parameters: number;
}

/** The document of `config`, its model file and initial weights, and `steps` batches of text in order. */
export async function prepareCatgpt(config: CatgptConfig, steps: number): Promise<Prepared> {
  const doc = catgptDocument(config);
  const { file, weights } = documentModelFile(doc);
  const B = config.batchSize;
  // the text set draws at most 4096 windows (and 131,072 positions): later steps go round them again
  const most = Math.floor(Math.min(4096, 131_072 / config.context) / B) * B;
  if (most < B) throw new Error(`a batch of ${B} windows of ${config.context} is more than the text set draws`);
  const windows = Math.max(Math.min(B * steps, most), 10);
  const ds = await loadDatasetNode('text', { context: config.context, windows, seed: config.seed ?? 1 });
  const batches = Array.from({ length: steps }, (_, s) => batchOf(ds, (s * B) % Math.min(B * steps, most), B));
  const parameters = weights.filter((w) => w.group !== 'optimizer').reduce((n, w) => n + w.data.length, 0);
  return { config, file, weights, batches, parameters };
}

function batchOf(ds: Dataset, first: number, size: number): Batch {
  const fx = ds.features.length / ds.n;
  const fy = ds.labels.length / ds.n;
  return {
    x: Float64Array.from(ds.features.subarray(first * fx, (first + size) * fx)),
    y: Float64Array.from(ds.labels.subarray(first * fy, (first + size) * fy)),
  };
}

/** The summed loss of each step (before its update), as the learner computes it, in float32 or float64. */
export function lensboardLosses(
  p: Prepared,
  dtype: 'float32' | 'float64',
  onStep?: (step: number, loss: number) => void,
): number[] {
  const { model } = compileModelFile(p.file);
  const learner = assembleLearner(model);
  const engine = createTypedEngine(learner.stepProgram, { dtype });
  const { layout } = learner;
  const d = p.file.trainingConfig.dataset;
  const o = p.file.trainingConfig.optimiser;
  const Arr = dtype === 'float64' ? Float64Array : Float32Array;
  let learnt: TypedTensor[] = model.params.map((param) => {
    const w = p.weights.find((x) => x.name === param.name) as NamedArray;
    return { shape: [...param.type.shape], data: Arr.from(w.data) };
  });
  let state: TypedTensor[] = initialState(layout.state, layout.stateInit).map((data, i) => ({
    shape: [...layout.state[i].shape],
    data: Arr.from(data),
  }));
  const hypers = layout.hypers.map((h) => ({ shape: [], data: Arr.of(o[h]) }));
  const k = learnt.length;
  const B = p.config.batchSize;
  return p.batches.map((batch, s) => {
    const out = engine.run([
      ...learnt,
      ...state,
      ...hypers,
      { shape: [B, ...d.featureShape], data: Arr.from(batch.x) },
      { shape: [B, ...d.labelShape], data: Arr.from(batch.y) },
    ]);
    const copy = (t: TypedTensor): TypedTensor => ({ shape: [...t.shape], data: Arr.from(t.data) });
    learnt = out.slice(0, k).map(copy);
    state = out.slice(k, k + layout.state.length).map(copy);
    const loss = Array.from(out[k + layout.state.length].data).reduce((a, v) => a + v, 0);
    onStep?.(s + 1, loss);
    return loss;
  });
}

/** True when /usr/bin/python3 imports torch. */
export function torchAvailable(): boolean {
  return spawnSync(PYTHON, ['-c', 'import torch'], { encoding: 'utf8' }).status === 0;
}

/**
 * The summed loss of each step as PyTorch computes it: the model's PyTorch package (model.py,
 * train.py, weights.safetensors) trained by train.py's own train_step and optimiser on the same
 * batches, in float32 and float64.
 */
export function torchLosses(p: Prepared): { float32: number[]; float64: number[] } {
  const tmp = mkdtempSync(join(tmpdir(), 'lensboard-catgpt-'));
  const dir = join(tmp, 'package');
  mkdirSync(dir);
  for (const f of pytorchTarget.write(exportGraph(p.file, p.weights)))
    writeFileSync(join(dir, f.path), wholeData(f.data));
  const { featureShape, labelShape } = p.file.trainingConfig.dataset;
  const B = p.config.batchSize;
  const request = {
    dir,
    xShape: [B, ...featureShape],
    yShape: [B, ...labelShape],
    batches: p.batches.map((b) => ({ x: Array.from(b.x), y: Array.from(b.y) })),
  };
  const requestFile = join(tmp, 'request.json');
  const answerFile = join(tmp, 'answer.json');
  writeFileSync(requestFile, JSON.stringify(request));
  const run = spawnSync(PYTHON, [join(import.meta.dirname, 'catgptTorch.py'), requestFile, answerFile], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${PYTHON} catgptTorch.py failed (${run.status}):\n${run.stderr}`);
  return JSON.parse(readFileSync(answerFile, 'utf8'));
}

/** The largest |a − b| / |b| over two runs of losses. */
export function worstRelative(a: readonly number[], b: readonly number[]): number {
  return Math.max(...a.map((v, i) => Math.abs(v - b[i]) / Math.abs(b[i])));
}

/** The forward Program alone, for counting what one step computes. */
export const forwardProgram = (p: Prepared) => lower(compileModelFile(p.file).model.diagram);
