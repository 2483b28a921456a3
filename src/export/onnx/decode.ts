/**
 * Reads a `.onnx` file into the plain model of model.ts, for import (docs/export.md, "Import
 * back"). The file is untrusted: every length is checked against the bytes that remain, a
 * tensor's element count against its dimensions and a bound before anything is allocated, and
 * every problem comes back as a message naming the node or tensor; nothing throws out of here.
 */
import {
  ONNX_FLOAT,
  ONNX_INT64,
  type OnnxAttribute,
  type OnnxGraph,
  type OnnxModel,
  type OnnxNode,
  type OnnxTensor,
  type OnnxValue,
} from './model';
import {
  type Field,
  ProtobufError,
  readBytes,
  readFields,
  readFloat,
  readFloats,
  readInts,
  toInt,
  toText,
} from './protobuf';

/** The largest file Lensboard opens, as for model files (model/openFile.ts). */
export const MAX_ONNX_BYTES = 50_000_000;
/** The most elements one tensor may have (a 4-million-weight layer is already far beyond a lesson). */
export const MAX_TENSOR_ELEMENTS = 1 << 24;

export type Decoded = { ok: true; model: OnnxModel } | { ok: false; error: string };

/**
 * The files an ONNX model keeps its weights in beside it (onnx/docs/ExternalData.md: a tensor's
 * `data_location` EXTERNAL and its `location`, `offset`, `length`), by file name, as the user
 * chose them with the .onnx (or as the CLI found them beside it).
 */
export interface ExternalFiles {
  get(name: string): Uint8Array | undefined;
}

const DOUBLE = 11;
const INT32 = 6;

const ints = (f: Field, what: string): number => {
  if (f.wire !== 0) throw new ProtobufError(`${what}: expected an integer`);
  return toInt(f.value, what);
};

function each(fields: readonly Field[], field: number): Field[] {
  return fields.filter((f) => f.field === field);
}

function text(fields: readonly Field[], field: number, what: string): string {
  const f = each(fields, field).at(-1);
  return f ? toText(readBytes(f, what)) : '';
}

function elementCount(dims: readonly number[], what: string): number {
  let n = 1;
  for (const d of dims) {
    if (!Number.isInteger(d) || d < 0) throw new ProtobufError(`${what}: dimension ${d} is not a size`);
    n *= d;
    if (n > MAX_TENSOR_ELEMENTS) {
      throw new ProtobufError(`${what}: [${dims.join(', ')}] has more than ${MAX_TENSOR_ELEMENTS} elements`);
    }
  }
  return n;
}

function decodeRaw(raw: Uint8Array, dataType: number, n: number, what: string): number[] | Float32Array {
  const width = dataType === ONNX_FLOAT || dataType === INT32 ? 4 : 8;
  if (raw.length !== n * width) {
    throw new ProtobufError(`${what}: raw_data has ${raw.length} bytes, its shape needs ${n * width}`);
  }
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  if (dataType === ONNX_FLOAT) return Float32Array.from({ length: n }, (_, i) => view.getFloat32(4 * i, true));
  if (dataType === DOUBLE) return Float32Array.from({ length: n }, (_, i) => view.getFloat64(8 * i, true));
  if (dataType === INT32) return Array.from({ length: n }, (_, i) => view.getInt32(4 * i, true));
  return Array.from({ length: n }, (_, i) => toInt(view.getBigInt64(8 * i, true), what));
}

/** A tensor's bytes in its external file, every key and bound checked against the file there is. */
function externalBytes(fields: readonly Field[], what: string, external: ExternalFiles | undefined): Uint8Array {
  const keys = new Map(
    each(fields, 13).map((f) => {
      const entry = readFields(readBytes(f, what), what);
      return [text(entry, 1, what), text(entry, 2, what)] as const;
    }),
  );
  const location = keys.get('location') ?? '';
  if (!location || location.startsWith('/') || location.split(/[\\/]/).includes('..'))
    throw new ProtobufError(`${what}: its external data's location “${location}” is not a file beside the model`);
  const name = location.split(/[\\/]/).at(-1) as string;
  const file = external?.get(name);
  if (!file)
    throw new ProtobufError(
      `${what}: its data is in the external file “${name}”; open that file together with the .onnx (choose both)`,
    );
  const number = (key: string, fallback: number) => {
    const v = keys.get(key);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v)) throw new ProtobufError(`${what}: its external data's ${key} “${v}” is not a whole number`);
    return Number(v);
  };
  const offset = number('offset', 0);
  const length = number('length', file.length - offset);
  if (offset + length > file.length)
    throw new ProtobufError(
      `${what}: its external data lies at bytes ${offset}…${offset + length} of “${name}”, which has ${file.length}`,
    );
  return file.subarray(offset, offset + length);
}

function decodeTensor(buf: Uint8Array, where: string, external?: ExternalFiles): OnnxTensor {
  const fields = readFields(buf, where);
  const name = text(fields, 8, where);
  const what = name ? `tensor “${name}”` : where;
  const dims = each(fields, 1).flatMap((f) => readInts(f, `${what} dims`));
  const typeField = each(fields, 2).at(-1);
  const dataType = typeField ? ints(typeField, `${what} data_type`) : 0;
  if (![ONNX_FLOAT, ONNX_INT64, DOUBLE, INT32].includes(dataType)) {
    throw new ProtobufError(`${what}: data type ${dataType} is not float, double, int32 or int64`);
  }
  const isExternal = each(fields, 14).some((f) => f.wire === 0 && f.value !== 0n);
  const n = elementCount(dims, what);
  const raw = each(fields, 9).at(-1);
  let values: number[] | Float32Array;
  if (isExternal) values = decodeRaw(externalBytes(fields, what, external), dataType, n, what);
  else if (raw) values = decodeRaw(readBytes(raw, what), dataType, n, what);
  else if (dataType === ONNX_FLOAT) values = Float32Array.from(each(fields, 4).flatMap((f) => readFloats(f, what)));
  else if (dataType === DOUBLE) values = Float32Array.from(each(fields, 10).flatMap((f) => readDoubles(f, what)));
  else values = each(fields, dataType === INT32 ? 5 : 7).flatMap((f) => readInts(f, what));
  if (values.length !== n)
    throw new ProtobufError(`${what}: ${values.length} values for the shape [${dims.join(', ')}]`);
  const isFloat = dataType === ONNX_FLOAT || dataType === DOUBLE;
  return { name, dims, dataType: isFloat ? ONNX_FLOAT : ONNX_INT64, values };
}

function readDoubles(f: Field, what: string): number[] {
  if (f.wire === 0 || f.bytes.length % 8 !== 0) throw new ProtobufError(`${what}: expected 64-bit floats`);
  const view = new DataView(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
  return Array.from({ length: f.bytes.length / 8 }, (_, i) => view.getFloat64(8 * i, true));
}

function decodeAttribute(buf: Uint8Array, node: string, external?: ExternalFiles): OnnxAttribute | undefined {
  const fields = readFields(buf, `an attribute of ${node}`);
  const name = text(fields, 1, `an attribute of ${node}`);
  const what = `attribute “${name}” of ${node}`;
  const typeField = each(fields, 20).at(-1);
  const type = typeField ? ints(typeField, what) : 0;
  const one = (n: number) => each(fields, n).at(-1);
  if (type === 1 && one(2)) return { name, kind: 'float', value: readFloat(one(2)!, what) };
  if (type === 2 && one(3)) return { name, kind: 'int', value: ints(one(3)!, what) };
  if (type === 3 && one(4)) return { name, kind: 'string', value: toText(readBytes(one(4)!, what)) };
  if (type === 4 && one(5))
    return { name, kind: 'tensor', value: decodeTensor(readBytes(one(5)!, what), what, external) };
  if (type === 7) return { name, kind: 'ints', value: each(fields, 8).flatMap((f) => readInts(f, what)) };
  if (type === 1) return { name, kind: 'float', value: 0 };
  if (type === 2) return { name, kind: 'int', value: 0 };
  // Attributes of other kinds (tensors, graphs, float lists) are kept out; an op that needs one is refused by name.
  return undefined;
}

function decodeNode(buf: Uint8Array, index: number, external?: ExternalFiles): OnnxNode {
  const fields = readFields(buf, `node ${index}`);
  const name = text(fields, 3, `node ${index}`);
  const opType = text(fields, 4, `node ${index}`);
  const what = `node “${name || index}” (${opType || 'no op'})`;
  const domain = text(fields, 7, what);
  if (domain !== '' && domain !== 'ai.onnx') {
    throw new ProtobufError(`${what}: operators of the domain “${domain}” are not ONNX's own`);
  }
  return {
    name: name || `node${index}`,
    opType,
    inputs: each(fields, 1).map((f) => toText(readBytes(f, what))),
    outputs: each(fields, 2).map((f) => toText(readBytes(f, what))),
    attributes: each(fields, 5).flatMap((f) => decodeAttribute(readBytes(f, what), what, external) ?? []),
  };
}

function decodeValue(buf: Uint8Array, where: string): OnnxValue {
  const fields = readFields(buf, where);
  const name = text(fields, 1, where);
  const what = `${where} “${name}”`;
  const type = each(fields, 2).at(-1);
  const tensor = type && each(readFields(readBytes(type, what), what), 1).at(-1);
  if (!tensor) throw new ProtobufError(`${what}: not a tensor`);
  const tf = readFields(readBytes(tensor, what), what);
  const elem = each(tf, 1).at(-1);
  const shapeField = each(tf, 2).at(-1);
  const dims = shapeField ? each(readFields(readBytes(shapeField, what), what), 1) : [];
  const shape = dims.map((d) => {
    const df = readFields(readBytes(d, what), what);
    const v = each(df, 1).at(-1);
    return v ? ints(v, what) : text(df, 2, what) || '?';
  });
  return { name, elemType: elem ? ints(elem, what) : 0, shape };
}

function decodeGraph(buf: Uint8Array, external?: ExternalFiles): OnnxGraph {
  const fields = readFields(buf, 'the graph');
  return {
    name: text(fields, 2, 'the graph'),
    docString: text(fields, 10, 'the graph'),
    nodes: each(fields, 1).map((f, i) => decodeNode(readBytes(f, `node ${i}`), i, external)),
    initializers: each(fields, 5).map((f, i) =>
      decodeTensor(readBytes(f, `initialiser ${i}`), `initialiser ${i}`, external),
    ),
    inputs: each(fields, 11).map((f) => decodeValue(readBytes(f, 'an input'), 'input')),
    outputs: each(fields, 12).map((f) => decodeValue(readBytes(f, 'an output'), 'output')),
  };
}

/**
 * The bytes of a `.onnx` file as a model, or the first problem found, naming where it is; a
 * tensor kept in an external file is read from `external` (the cap on the .onnx holds; each
 * external tensor is bounded by the element count as any other).
 */
export function decodeOnnx(bytes: Uint8Array, external?: ExternalFiles): Decoded {
  if (bytes.length > MAX_ONNX_BYTES) {
    return { ok: false, error: `the file is ${bytes.length} bytes; Lensboard opens files of at most 50 MB` };
  }
  try {
    const fields = readFields(bytes, 'the model');
    const graph = each(fields, 7).at(-1);
    if (!graph) return { ok: false, error: 'not an ONNX model: it has no graph' };
    const irField = each(fields, 1).at(-1);
    const opsets = each(fields, 8).map((f) => readFields(readBytes(f, 'opset_import'), 'opset_import'));
    const main = opsets.find((o) => ['', 'ai.onnx'].includes(text(o, 1, 'opset_import')));
    const version = main && each(main, 2).at(-1);
    return {
      ok: true,
      model: {
        irVersion: irField ? ints(irField, 'ir_version') : 0,
        opset: version ? ints(version, 'opset_import') : 0,
        producer: text(fields, 2, 'producer_name'),
        docString: text(fields, 6, 'doc_string'),
        graph: decodeGraph(readBytes(graph, 'the graph'), external),
        metadata: each(fields, 14).map((f) => {
          const entry = readFields(readBytes(f, 'metadata_props'), 'metadata_props');
          return { key: text(entry, 1, 'metadata_props'), value: text(entry, 2, 'metadata_props') };
        }),
      },
    };
  } catch (e) {
    if (e instanceof ProtobufError) return { ok: false, error: `not a readable ONNX file: ${e.message}` };
    return { ok: false, error: `not a readable ONNX file: ${e instanceof Error ? e.message : String(e)}` };
  }
}
