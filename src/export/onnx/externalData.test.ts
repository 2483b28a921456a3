/**
 * ONNX external data (onnx/docs/ExternalData.md, docs/export.md "ONNX"): weights past protobuf's
 * 2 GB leave the .onnx for `model.onnx.data`. Forced on a small model by the size threshold
 * (never gigabytes in a test): ONNX Runtime, loading the .onnx from a folder with its data file
 * beside it, predicts what the self-contained export predicts; the importer reads the pair back
 * to the same weights (as the app's Open does with both files chosen; src/cli/onnx.test.ts reads
 * them from a folder), and
 * without the data file, or with a damaged one, refuses naming the tensor and the file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { exampleCase, relativeError } from '../../testing/exportOracle';
import { runOnnx } from '../../testing/onnxRuntime';
import { wholeData } from '../targets';
import { importOnnx } from './import/importOnnx';
import { ONNX_DATA_FILE, onnxTarget } from './write';

const c = exampleCase('mnist-mlp');
const whole = onnxTarget.write(c.graph);
const split = onnxTarget.write(c.graph, { externalDataAbove: 0 });
const [model, data] = split.map((f) => wholeData(f.data) as Uint8Array);
// tensors of fewer than 1024 values (the biases) stay inside, as onnx's own helper keeps them
const outside = c.graph.weights.filter((w) => w.data.length >= 1024).reduce((n, w) => n + w.data.byteLength, 0);

describe('ONNX external data', () => {
  it('writes the weights beside the model, which ONNX Runtime loads from the folder', async () => {
    expect(split.map((f) => f.path)).toEqual(['model.onnx', ONNX_DATA_FILE]);
    expect(model.length).toBeLessThan(10_000);
    expect(data.length).toBeGreaterThanOrEqual(outside);
    expect(outside).toBeGreaterThan(400_000);
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-onnx-external-'));
    writeFileSync(join(dir, 'model.onnx'), model);
    writeFileSync(join(dir, ONNX_DATA_FILE), data);
    const session = await ort.InferenceSession.create(join(dir, 'model.onnx'));
    const [input] = c.inputs;
    const got = await session.run({ [input.name]: new ort.Tensor('float32', input.data, [...input.shape]) });
    await session.release();
    const want = await runOnnx(wholeData(whole[0].data) as Uint8Array, c.inputs);
    for (const out of c.expected) {
      expect(Array.from(got[out.name].data as Float32Array)).toEqual(Array.from(want[out.name]));
      expect(relativeError(got[out.name].data as Float32Array, out.data)).toBeLessThan(1e-4);
    }
  });

  it('opens again with its data file chosen with it, to the same weights as the self-contained file', () => {
    const pair = importOnnx(model, 'model', undefined, new Map([[ONNX_DATA_FILE, data]]));
    const alone = importOnnx(wholeData(whole[0].data) as Uint8Array, 'model');
    if (!pair.ok || !alone.ok) throw new Error('refused');
    expect(pair.weights.map((w) => [w.name, Array.from(w.data)])).toEqual(
      alone.weights.map((w) => [w.name, Array.from(w.data)]),
    );
  });

  it('refuses without its data file, or with one too short, naming the tensor and the file', () => {
    const without = importOnnx(model, 'model');
    expect(without.ok).toBe(false);
    if (!without.ok)
      expect(without.errors[0].message).toMatch(
        /tensor “[^”]+”: its data is in the external file “model\.onnx\.data”; open that file together with the \.onnx/,
      );
    const short = importOnnx(model, 'model', undefined, new Map([[ONNX_DATA_FILE, data.subarray(0, 100)]]));
    expect(short.ok).toBe(false);
    if (!short.ok)
      expect(short.errors[0].message).toMatch(
        /its external data lies at bytes \d+…\d+ of “model\.onnx\.data”, which has 100/,
      );
  });
});
