/**
 * The forward model as a tfjs graph model (docs/export.md, "tfjs graph model"): `model.json`
 * holding a TensorFlow GraphDef in JSON (`modelTopology`), a signature naming the inputs and
 * outputs after the drawn boxes, and a `weightsManifest` whose shards (`group1-shardKofN.bin`,
 * at most 4 MB each, as tensorflowjs_converter writes them) hold the trained weights and the
 * few int32 constants the ops need. `tf.loadGraphModel('…/model.json')` loads it in one call.
 */
import type { WireType } from '../../core/wire';
import type { ExportGraph } from '../graph';
import { mapNodes } from '../opTable';
import { TFJS_INFO } from '../targetInfo';
import type { ExportFile, ExportTarget } from '../targets';
import { type TfBuilder as Builder, dims, FLOAT, TfBuilder, type TfConstant } from './builder';
import { TFJS_OPS } from './ops';

/** The shard size tensorflowjs_converter uses by default. */
export const SHARD_BYTES = 4 * 1024 * 1024;

const tensorInfo = (name: string, t: WireType) => ({
  name: `${name}:0`,
  dtype: 'DT_FLOAT',
  tensorShape: dims(t.batch ? [-1, ...t.shape] : [...t.shape]),
});

function shards(constants: readonly TfConstant[]): Uint8Array[] {
  const total = constants.reduce((n, c) => n + c.data.byteLength, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of constants) {
    all.set(new Uint8Array(c.data.buffer, c.data.byteOffset, c.data.byteLength), at);
    at += c.data.byteLength;
  }
  const out: Uint8Array[] = [];
  for (let from = 0; from < total || out.length === 0; from += SHARD_BYTES)
    out.push(all.slice(from, from + SHARD_BYTES));
  return out;
}

function graphDef(graph: ExportGraph): Builder {
  const mapped = mapNodes('tfjs', TFJS_OPS, graph);
  const batched = graph.inputs.find((i) => i.type.batch);
  const b = new TfBuilder(graph.values.keys(), batched?.name);
  for (const i of graph.inputs) {
    const shape = i.type.batch ? [-1, ...i.type.shape] : [...i.type.shape];
    b.op('Placeholder', [], i.name, { dtype: FLOAT, shape: { shape: dims(shape) } });
  }
  for (const w of graph.weights) b.constant(w.name, w.shape, w.data);
  for (const { node, op } of mapped) {
    b.current = node;
    op(b, node);
  }
  b.current = undefined;
  for (const o of graph.outputs) if (o.value !== o.name) b.op('Identity', [o.value], o.name, { T: FLOAT });
  return b;
}

/** model.json and its weight shards. */
export function tfjsGraphModel(graph: ExportGraph): ExportFile[] {
  const b = graphDef(graph);
  const parts = shards(b.constants);
  const paths = parts.map((_, k) => `group1-shard${k + 1}of${parts.length}.bin`);
  const model = {
    format: 'graph-model',
    generatedBy: 'Lensboard',
    convertedBy: 'Lensboard (docs/export.md)',
    modelTopology: { node: b.nodes, library: {}, versions: { producer: 1 } },
    signature: {
      inputs: Object.fromEntries(graph.inputs.map((i) => [i.name, tensorInfo(i.name, i.type)])),
      outputs: Object.fromEntries(graph.outputs.map((o) => [o.name, tensorInfo(o.name, o.type)])),
    },
    weightsManifest: [
      { paths, weights: b.constants.map((c) => ({ name: c.name, shape: [...c.shape], dtype: c.dtype })) },
    ],
  };
  return [{ path: 'model.json', data: JSON.stringify(model) }, ...parts.map((data, k) => ({ path: paths[k], data }))];
}

export const tfjsTarget: ExportTarget = {
  ...TFJS_INFO,
  write: tfjsGraphModel,
};
