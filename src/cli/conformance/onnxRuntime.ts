/**
 * The ONNX export as a conformance runtime: a predict case's model file exported to
 * `model.onnx` and run by ONNX Runtime (onnxruntime-node, float32, CPU) on the case's rows. The
 * export is the forward model (docs/export.md), so a train-step case is refused.
 */
import * as ort from 'onnxruntime-node';
import { onnxTarget } from '../../export/onnx/write';
import { exportCase } from './exported';
import { type Answer, flatOf, type ManifestCase, type PredictInputs, rowsOf } from './format';
import type { Outcome, Runtime } from './runtime';
import type { SuiteReader } from './suiteFiles';

export const ONNX_TRAINS_NOT = 'the ONNX export is the forward model only: it does not train';

async function predict(suite: SuiteReader, c: ManifestCase): Promise<Outcome> {
  const exported = exportCase(suite.modelText(c), onnxTarget);
  if ('refused' in exported) return exported;
  const { x } = suite.inputs(c) as PredictInputs;
  const data = Float32Array.from(flatOf(x));
  const session = await ort.InferenceSession.create(exported.files[0].data as Uint8Array);
  try {
    const feeds = Object.fromEntries(
      exported.graph.inputs
        .filter((i) => session.inputNames.includes(i.name))
        .map((i) => [i.name, new ort.Tensor('float32', data, [...x.shape])]),
    );
    const output = exported.graph.outputs[0].name;
    const y = (await session.run(feeds))[output];
    const answer: Answer = { y: rowsOf([...y.dims].map(Number), y.data as Float32Array) };
    return { answer };
  } finally {
    await session.release();
  }
}

export const onnxRuntime: Runtime = {
  name: 'onnx',
  async run(suite, cases) {
    const outcomes = new Map<string, Outcome>();
    for (const c of cases) {
      try {
        outcomes.set(c.id, c.kind === 'predict' ? await predict(suite, c) : { refused: ONNX_TRAINS_NOT });
      } catch (e) {
        outcomes.set(c.id, { error: (e as Error).message });
      }
    }
    return outcomes;
  },
};
