/**
 * ONNX export and import back (docs/export.md, "Import back") of the conformance cases of the
 * generators attention is drawn from: each case's model, written as ONNX and opened again as a
 * diagram, predicts on the case's rows what the suite expects, within the case's tolerance. So a
 * transformer written by PyTorch's or Lensboard's ONNX exporter opens as the same map.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lower } from '../../core/program';
import { createTypedEngine } from '../../engines/index';
import { compileModelFile, exportGraph } from '../../export/graph';
import { importOnnx } from '../../export/onnx/import/importOnnx';
import { onnxTarget } from '../../export/onnx/write';
import { asFileOutputs } from '../../testing/onnxLogits';
import { exportCase } from './exported';
import { flatOf, type PredictAnswer, type PredictInputs } from './format';
import { suiteInFolder } from './suiteFiles';

/** The generators whose cases must come back from ONNX. */
const ROUND_TRIP = new Set(['batchMatmul', 'transpose', 'softmax', 'layerNorm']);

/**
 * Cases the importer reads otherwise, by design: an unbatched operand is a weight, and reaches
 * the output through an Expand, which has no generator; an input of three feature axes is an
 * NCHW image (a transformer's input is ids [T] or vectors [T, d]; heads come from a Reshape).
 */
const READ_OTHERWISE = new Set([
  'gen-batchMatmul-unbatched',
  'gen-transpose-unbatched',
  'gen-transpose-heads',
  'gen-softmax-heads',
]);

const suite = suiteInFolder(join(import.meta.dirname, '..', '..', '..', 'conformance'));
const cases = suite.manifest.cases.filter(
  (c) => 'generator' in c.from && ROUND_TRIP.has(c.from.generator) && !READ_OTHERWISE.has(c.id),
);

describe('ONNX export → import of the attention generators', () => {
  it('has a case for each of them', () => {
    expect(new Set(cases.map((c) => ('generator' in c.from ? c.from.generator : '')))).toEqual(ROUND_TRIP);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s opens again as a diagram predicting the same', (_, c) => {
    const exported = exportCase(suite.modelText(c), onnxTarget);
    if ('refused' in exported) throw new Error(exported.refused);
    const r = importOnnx(exported.files[0].data as Uint8Array, `${c.id}.onnx`);
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    const graph = exportGraph(r.file, r.weights);
    const engine = createTypedEngine(lower(compileModelFile(r.file).model.diagram), { dtype: 'float64' });
    const { x } = suite.inputs(c) as PredictInputs;
    const [logits] = engine.run([
      ...graph.weights.map((w) => ({ shape: w.shape, data: Float64Array.from(w.data) })),
      { shape: [...x.shape], data: Float64Array.from(flatOf(x)) },
    ]);
    // A last Softmax is the loss's when imported, not drawn: the diagram predicts its logits.
    const y = { data: asFileOutputs(exported.files[0].data as Uint8Array, Float64Array.from(logits.data), x.shape[0]) };
    const want = flatOf((suite.expected(c) as PredictAnswer).y);
    const { absolute, relative } = c.tolerance;
    expect(y.data.length).toBe(want.length);
    const off = want.filter((w, i) => Math.abs(y.data[i] - w) > absolute + relative * Math.abs(w));
    expect(off).toEqual([]);
  });
});
