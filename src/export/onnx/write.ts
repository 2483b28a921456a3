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

export const onnxTarget: ExportTarget = {
  ...ONNX_INFO,
  write: (graph): ExportFile[] => [{ path: 'model.onnx', data: encodeOnnx(onnxModel(graph)) }],
};
