/**
 * The forward model as an ONNX model (docs/export.md, "ONNX"): the export graph's nodes through
 * the ONNX op table, the trained weights as initialisers under the compiler's names (`W1.W`),
 * the data inputs and outputs named after the drawn boxes, with a symbolic leading `batch`
 * dimension on batched wires. A graph holding a generator the table refuses is refused whole.
 */
import type { WireType } from '../../core/wire';
import type { ExportGraph } from '../graph';
import { mapNodes } from '../opTable';
import { ONNX_INFO } from '../targetInfo';
import type { ExportFile, ExportTarget } from '../targets';
import { OnnxBuilder } from './builder';
import {
  DATASET_METADATA,
  encodeOnnx,
  IR_VERSION,
  ONNX_FLOAT,
  type OnnxModel,
  type OnnxTensor,
  type OnnxValue,
  OPSET,
  tensorBytes,
} from './model';
import { ONNX_OPS } from './ops';

const valueInfo = (name: string, t: WireType): OnnxValue => ({
  name,
  elemType: ONNX_FLOAT,
  shape: t.batch ? ['batch', ...t.shape] : [...t.shape],
});

export function onnxModel(graph: ExportGraph): OnnxModel {
  const mapped = mapNodes('ONNX', ONNX_OPS, graph);
  const batched = graph.inputs.find((i) => i.type.batch);
  const b = new OnnxBuilder(graph.values.keys(), batched?.name);
  // An input's value is its own name; an output read twice (or read straight from an input) gets an Identity.
  for (const { node, op } of mapped) {
    b.current = node;
    op(b, node);
  }
  b.current = undefined;
  const { dataset } = graph.training;
  for (const o of graph.outputs) if (o.value !== o.name) b.op('Identity', [o.value], [o.name]);
  return {
    irVersion: IR_VERSION,
    opset: OPSET,
    producer: 'Lensboard',
    docString: `${graph.name}: the forward model exported by Lensboard (docs/export.md)`,
    metadata: [{ key: DATASET_METADATA, value: JSON.stringify({ id: dataset.id, options: dataset.options }) }],
    graph: {
      name: graph.name,
      docString: graph.name,
      nodes: b.nodes,
      initializers: [
        ...graph.weights.map(
          (w): OnnxTensor => ({ name: w.name, dims: w.shape, dataType: ONNX_FLOAT, values: w.data }),
        ),
        ...b.constants,
      ],
      inputs: graph.inputs.map((i) => valueInfo(i.name, i.type)),
      outputs: graph.outputs.map((o) => valueInfo(o.name, o.type)),
    },
  };
}

/**
 * Protobuf refuses a message of 2 GB or more (onnx/docs/ExternalData.md): past this many bytes of
 * weights, they go to `model.onnx.data` beside the model, each initialiser naming its place.
 */
export const ONNX_EXTERNAL_ABOVE = 2 ** 31 - 2 ** 26;
export const ONNX_DATA_FILE = 'model.onnx.data';

/** The weights in the external file, one after another, each offset a multiple of 4096 as onnx's own helper aligns them. */
function withExternalData(model: OnnxModel): { model: OnnxModel; data: Uint8Array[] } {
  const data: Uint8Array[] = [];
  let offset = 0;
  const initializers = model.graph.initializers.map((t) => {
    if (t.dataType !== ONNX_FLOAT || t.values.length < 1024) return t;
    const pad = (4096 - (offset % 4096)) % 4096;
    if (pad > 0) data.push(new Uint8Array(pad));
    offset += pad;
    const bytes = tensorBytes(t);
    data.push(bytes);
    const external = { location: ONNX_DATA_FILE, offset, length: bytes.length };
    offset += bytes.length;
    return { ...t, external };
  });
  return { model: { ...model, graph: { ...model.graph, initializers } }, data };
}

export const onnxTarget: ExportTarget = {
  ...ONNX_INFO,
  write: (graph, options = {}): ExportFile[] => {
    const model = onnxModel(graph);
    const bytes = graph.weights.reduce((n, w) => n + w.data.byteLength, 0);
    if (bytes <= (options.externalDataAbove ?? ONNX_EXTERNAL_ABOVE))
      return [{ path: 'model.onnx', data: encodeOnnx(model) }];
    const split = withExternalData(model);
    return [
      { path: 'model.onnx', data: encodeOnnx(split.model) },
      { path: ONNX_DATA_FILE, data: split.data },
    ];
  },
};
