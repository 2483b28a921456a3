/**
 * A one-block causal transformer written in PyTorch 1.13 and exported by torch.onnx.export
 * (torchTransformer.py; the .onnx files in fixtures/ are what it wrote) opens as a diagram
 * (docs/export.md, "Import back"): Gather as an embedding, the position table as a parameter,
 * LayerNormalization at opset 17 and its ReduceMean/Sub/Pow/Sqrt/Div/Mul/Add decomposition at
 * opset 13 both as one layerNorm box, the heads' reshapes and transposes, QKᵀ and AV as
 * batchMatmul, masked_fill's Where as a causal softmax, GELU; and the diagram's logits on Lensboard's
 * float64 engine are onnxruntime-node's on the same ids.
 */
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { lower } from '../../../core/program';
import { createTypedEngine } from '../../../engines/index';
import { relativeError } from '../../../testing/exportOracle';
import { compileModelFile, exportGraph } from '../../graph';
import { importOnnx } from './importOnnx';

const VOCAB = 11;
const CONTEXT = 6;
const BATCH = 3;
/** Every token of the vocabulary somewhere in the batch, in no order the mask could hide. */
const IDS = Array.from({ length: BATCH * CONTEXT }, (_, i) => (i * 7 + 3) % VOCAB);

async function onnxRuntime(bytes: Uint8Array): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(bytes);
  const ids = new ort.Tensor('int64', BigInt64Array.from(IDS, BigInt), [BATCH, CONTEXT]);
  const out = await session.run({ ids });
  await session.release();
  return out.logits.data as Float32Array;
}

describe.each([13, 17])('a PyTorch transformer block exported at opset %i', (opset) => {
  const bytes = new Uint8Array(readFileSync(new URL(`./fixtures/transformer-${opset}.onnx`, import.meta.url)));
  const r = importOnnx(bytes, `transformer-${opset}.onnx`);

  it('opens as the boxes of a transformer, its attention masked causally', () => {
    if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
    const boxes = r.file.diagram.boxes;
    const count = (g: string) => boxes.filter((b) => b.generator === g).length;
    expect(count('embedding')).toBe(1);
    expect(count('layerNorm')).toBe(3);
    expect(count('batchMatmul')).toBe(2);
    expect(count('gelu')).toBe(1);
    expect(boxes.filter((b) => b.generator === 'softmax').map((b) => b.config)).toEqual([{ axis: -1, causal: true }]);
    expect(count('linear')).toBe(5);
  });

  it("predicts onnxruntime-node's logits at every position", async () => {
    if (!r.ok) throw new Error('not opened');
    const graph = exportGraph(r.file, r.weights);
    const engine = createTypedEngine(lower(compileModelFile(r.file).model.diagram), { dtype: 'float64' });
    const [y] = engine.run([
      ...graph.weights.map((w) => ({ shape: w.shape, data: Float64Array.from(w.data) })),
      { shape: [BATCH, CONTEXT], data: Float64Array.from(IDS) },
    ]);
    const expected = await onnxRuntime(bytes);
    expect(y.data.length).toBe(BATCH * CONTEXT * VOCAB);
    expect(relativeError(Float64Array.from(y.data), Array.from(expected))).toBeLessThan(1e-5);
  });
});
