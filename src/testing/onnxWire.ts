/**
 * ONNX files written field by field with the protobuf writer, as another exporter writes them
 * (not with Lensboard's own ONNX writer), and their reading, for the reader's tests
 * (src/export/onnx/decode*.test.ts).
 */
import { decodeOnnx, type ExternalFiles } from '../export/onnx/decode';
import type { OnnxGraph } from '../export/onnx/model';
import { ProtoWriter } from '../export/onnx/protobuf';

export const DOUBLE = 11;
export const INT32 = 6;
export type Write = (w: ProtoWriter) => void;

/** A model of the given graph (field 7), with ir_version 8 and the default opset 17. */
export const model = (graph: Write, more: Write = () => {}) => {
  const w = new ProtoWriter().int(1, 8).message(7, graph);
  w.message(8, (o) => o.string(1, '').int(2, 17));
  more(w);
  return w.finish();
};

export function graphOf(bytes: Uint8Array, external?: ExternalFiles): OnnxGraph {
  const r = decodeOnnx(bytes, external);
  if (!r.ok) throw new Error(r.error);
  return r.model.graph;
}

export function refusal(bytes: Uint8Array, external?: ExternalFiles): string {
  const r = decodeOnnx(bytes, external);
  if (r.ok) throw new Error('decoded');
  return r.error;
}

/** `n` bytes written little-endian through a DataView. */
export const le = (n: number, write: (v: DataView) => void) => {
  const b = new Uint8Array(n);
  write(new DataView(b.buffer));
  return b;
};

/** One initialiser (graph field 5). */
export const initialiser =
  (t: Write): Write =>
  (g) =>
    g.message(5, t);
export const valuesOf = (bytes: Uint8Array) =>
  graphOf(bytes).initializers.map((t) => [t.dataType, Array.from(t.values)]);
