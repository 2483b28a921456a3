/**
 * The part of an ONNX model Lensboard writes and reads (docs/export.md, "ONNX"), as plain data,
 * and its protocol-buffer encoding. Field numbers are those of onnx.proto3: ModelProto,
 * GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto, TypeProto and
 * OperatorSetIdProto. Weights are float32 tensors in `raw_data`; shapes and sizes given to ops
 * (Reshape, Split) are int64 tensors.
 */
import { float32Bytes } from '../../io/modelArchive';
import { ProtoWriter } from './protobuf';

export const ONNX_FLOAT = 1;
export const ONNX_INT64 = 7;
/** IR version 8 is the one that goes with opset 17 (onnx/docs/Versioning.md). */
export const IR_VERSION = 8;
export const OPSET = 17;

export interface OnnxTensor {
  readonly name: string;
  readonly dims: readonly number[];
  readonly dataType: typeof ONNX_FLOAT | typeof ONNX_INT64;
  /** float32 values for FLOAT, whole numbers for INT64, row-major. */
  readonly values: Float32Array | readonly number[];
  /** Where its bytes are when they are not in the model (onnx/docs/ExternalData.md). */
  readonly external?: { readonly location: string; readonly offset: number; readonly length: number };
}

export type OnnxAttribute =
  | { readonly name: string; readonly kind: 'int'; readonly value: number }
  | { readonly name: string; readonly kind: 'float'; readonly value: number }
  | { readonly name: string; readonly kind: 'ints'; readonly value: readonly number[] }
  | { readonly name: string; readonly kind: 'string'; readonly value: string }
  | { readonly name: string; readonly kind: 'tensor'; readonly value: OnnxTensor };

export interface OnnxNode {
  readonly name: string;
  readonly opType: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly attributes: readonly OnnxAttribute[];
}

/** A graph input or output: float32 with a shape whose leading dimension may be named ("batch"). */
export interface OnnxValue {
  readonly name: string;
  readonly elemType: number;
  readonly shape: readonly (number | string)[];
}

export interface OnnxGraph {
  readonly name: string;
  /** GraphProto's doc_string: Lensboard writes the diagram's name here, which the import reads back. */
  readonly docString?: string;
  readonly nodes: readonly OnnxNode[];
  readonly initializers: readonly OnnxTensor[];
  readonly inputs: readonly OnnxValue[];
  readonly outputs: readonly OnnxValue[];
}

export interface OnnxModel {
  readonly irVersion: number;
  readonly opset: number;
  readonly producer: string;
  readonly docString: string;
  readonly graph: OnnxGraph;
  /** ModelProto's metadata_props: Lensboard writes the dataset binding (`lensboard.dataset`). */
  readonly metadata?: readonly OnnxMetadata[];
}

export interface OnnxMetadata {
  readonly key: string;
  readonly value: string;
}

/** The metadata key of the document's dataset binding, as JSON `{ id, options }` (docs/export.md). */
export const DATASET_METADATA = 'lensboard.dataset';

const ATTR_TYPE = { float: 1, int: 2, string: 3, tensor: 4, ints: 7 } as const;

export function tensorBytes(t: OnnxTensor): Uint8Array {
  // a float32 array's own bytes on a little-endian host (io/modelArchive.ts)
  if (t.dataType === ONNX_FLOAT)
    return float32Bytes(t.values instanceof Float32Array ? t.values : Float32Array.from(t.values));
  const out = new Uint8Array(t.values.length * 8);
  const view = new DataView(out.buffer);
  for (let i = 0; i < t.values.length; i++) view.setBigInt64(8 * i, BigInt(t.values[i]), true);
  return out;
}

/**
 * In `raw_data`, or, for a model past protobuf's 2 GB, in the external file its `external`
 * names: `data_location` EXTERNAL and the `location`, `offset` and `length` keys of
 * onnx/docs/ExternalData.md.
 */
function writeTensor(w: ProtoWriter, t: OnnxTensor): void {
  w.packedInts(1, t.dims).int(2, t.dataType).string(8, t.name);
  if (!t.external) {
    w.bytes(9, tensorBytes(t));
    return;
  }
  const { location, offset, length } = t.external;
  const entry = (key: string, value: string) => w.message(13, (e) => e.string(1, key).string(2, value));
  entry('location', location);
  entry('offset', String(offset));
  entry('length', String(length));
  w.int(14, 1);
}

function writeAttribute(w: ProtoWriter, a: OnnxAttribute): void {
  w.string(1, a.name).int(20, ATTR_TYPE[a.kind]);
  if (a.kind === 'float') w.float(2, a.value);
  else if (a.kind === 'int') w.int(3, a.value);
  else if (a.kind === 'string') w.string(4, a.value);
  else if (a.kind === 'tensor') w.message(5, (t) => writeTensor(t, a.value));
  else w.packedInts(8, a.value);
}

function writeNode(w: ProtoWriter, n: OnnxNode): void {
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  w.string(3, n.name).string(4, n.opType);
  for (const a of n.attributes) w.message(5, (m) => writeAttribute(m, a));
}

function writeValue(w: ProtoWriter, v: OnnxValue): void {
  w.string(1, v.name).message(2, (type) =>
    type.message(1, (tensor) =>
      tensor.int(1, v.elemType).message(2, (shape) => {
        for (const d of v.shape) shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
      }),
    ),
  );
}

function writeGraph(w: ProtoWriter, g: OnnxGraph): void {
  for (const n of g.nodes) w.message(1, (m) => writeNode(m, n));
  w.string(2, g.name);
  if (g.docString) w.string(10, g.docString);
  for (const t of g.initializers) w.message(5, (m) => writeTensor(m, t));
  for (const v of g.inputs) w.message(11, (m) => writeValue(m, v));
  for (const v of g.outputs) w.message(12, (m) => writeValue(m, v));
}

/** The model as the bytes of a `.onnx` file. */
export function encodeOnnx(model: OnnxModel): Uint8Array {
  return onnxWriter(model).finish();
}

/** The same in pieces, to be written one after another (a big model's initialisers, uncopied). */
export const encodeOnnxPieces = (model: OnnxModel): readonly Uint8Array[] => onnxWriter(model).pieces();

function onnxWriter(model: OnnxModel): ProtoWriter {
  // ir_version first, as every ONNX writer puts it (the CLI tells ONNX by that first byte)
  const w = new ProtoWriter()
    .int(1, model.irVersion)
    .string(2, model.producer)
    .string(6, model.docString)
    .message(7, (g) => writeGraph(g, model.graph))
    .message(8, (o) => o.string(1, '').int(2, model.opset));
  for (const m of model.metadata ?? []) w.message(14, (e) => e.string(1, m.key).string(2, m.value));
  return w;
}
