/** ONNX Runtime (CPU, float32) for the tests of the ONNX export and import (docs/export.md). */
import * as ort from 'onnxruntime-node';

/** Runs the exported bytes in ONNX Runtime on the given inputs; outputs by name. */
export async function runOnnx(
  bytes: Uint8Array,
  inputs: readonly { name: string; shape: readonly number[]; data: Float32Array }[],
): Promise<Record<string, Float32Array>> {
  const session = await ort.InferenceSession.create(bytes);
  const feeds = Object.fromEntries(inputs.map((i) => [i.name, new ort.Tensor('float32', i.data, [...i.shape])]));
  const results = await session.run(feeds);
  await session.release();
  return Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.data as Float32Array]));
}
