/**
 * The oracle every exporter's test compares with (docs/export.md, "How exports are checked"):
 * a gallery example with random weights (biases too, so that every weight matters), 32 random
 * inputs, and the predictions of Lensboard's own float64 typed-array engine on them.
 */
import { mulberry32 } from '../core/init';
import { lower } from '../core/program';
import { createTypedEngine } from '../engines/index';
import { compileModelFile, type ExportGraph, exportGraph } from '../export/graph';
import type { UnsupportedOpError } from '../export/opTable';
import type { LensDocument } from '../io/document';
import { examples, loadExample } from '../io/examples/index';
import { documentModelFile } from '../model/documentModelFile';

export interface Tensor32 {
  readonly name: string;
  readonly shape: readonly number[];
  readonly data: Float32Array;
}

export interface OracleCase {
  readonly graph: ExportGraph;
  /** The data inputs, by graph input name, float32 values (so every engine reads the same numbers). */
  readonly inputs: readonly Tensor32[];
  /** Lensboard's float64 predictions, by graph output name. */
  readonly expected: readonly {
    readonly name: string;
    readonly shape: readonly number[];
    readonly data: Float64Array;
  }[];
}

const uniform = (rng: () => number, n: number, lo: number, hi: number) =>
  Float32Array.from({ length: n }, () => lo + (hi - lo) * rng());

/** A document's export graph with random weights in [−0.5, 0.5], and its predictions on `batch` random inputs in [0, 1]. */
export function oracleCase(doc: LensDocument, seed = 7, batch = 32): OracleCase {
  const rng = mulberry32(seed);
  const first = documentModelFile(doc);
  const params = first.weights.map((w) => uniform(rng, w.data.length, -0.5, 0.5));
  const { file, weights } = documentModelFile(doc, params);
  const graph = exportGraph(file, weights);
  const inputs = graph.inputs.map((i) => {
    const shape = i.type.batch ? [batch, ...i.type.shape] : [...i.type.shape];
    return {
      name: i.name,
      shape,
      data: uniform(
        rng,
        shape.reduce((a, b) => a * b, 1),
        0,
        1,
      ),
    };
  });
  const program = lower(compileModelFile(file).model.diagram);
  const engine = createTypedEngine(program, { dtype: 'float64' });
  const outs = engine.run(
    [...graph.weights, ...inputs].map((t) => ({ shape: t.shape, data: Float64Array.from(t.data) })),
    { batchSize: batch },
  );
  const expected = graph.outputs.map((o, k) => ({
    name: o.name,
    shape: [...outs[k].shape],
    data: Float64Array.from(outs[k].data),
  }));
  return { graph, inputs, expected };
}

export const exampleCase = (id: string): OracleCase => oracleCase(loadExample(id));

/** A gallery example's export graph, with the weights its document's initialisers draw. */
export function exampleGraph(id: string): ExportGraph {
  const { file, weights } = documentModelFile(loadExample(id));
  return exportGraph(file, weights);
}

export interface Gallery {
  /** The examples the target expresses, in gallery order. */
  readonly expressed: readonly string[];
  /** The others, each with the refusal its target throws (naming every generator it cannot express). */
  readonly refused: readonly { readonly id: string; readonly error: UnsupportedOpError }[];
}

/** The gallery split by a target's own decision: `refusal` is what its op table refuses in a graph. */
export function galleryFor(refusal: (graph: ExportGraph) => UnsupportedOpError | undefined): Gallery {
  const expressed: string[] = [];
  const refused: { id: string; error: UnsupportedOpError }[] = [];
  for (const { id } of examples) {
    const error = refusal(exampleGraph(id));
    if (error) refused.push({ id, error });
    else expressed.push(id);
  }
  return { expressed, refused };
}

/** Each refused example ↦ the generators its refusal names, sorted, once each. */
export const refusedGenerators = (gallery: Gallery): Record<string, string[]> =>
  Object.fromEntries(gallery.refused.map((r) => [r.id, [...new Set(r.error.refusals.map((x) => x.gen))].sort()]));

/** max|got − want| / max(1e-30, max|want|): the error relative to the output's scale. */
export function relativeError(got: ArrayLike<number>, want: ArrayLike<number>): number {
  if (got.length !== want.length) return Number.POSITIVE_INFINITY;
  let err = 0;
  let scale = 1e-30;
  for (let i = 0; i < want.length; i++) {
    err = Math.max(err, Math.abs(got[i] - want[i]));
    scale = Math.max(scale, Math.abs(want[i]));
  }
  return err / scale;
}
