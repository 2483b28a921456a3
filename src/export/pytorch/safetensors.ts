/**
 * The safetensors format, written by hand (it is small): 8 bytes of little-endian header length,
 * a JSON header naming each tensor's dtype, shape and byte range, padded with spaces to a
 * multiple of 8, then the raw little-endian data. Weights are float32, as in the model file.
 */
import { shapeSize } from '../../core/shape';
import type { ExportWeight } from '../graph';

export function encodeSafetensors(weights: readonly ExportWeight[], metadata: Record<string, string> = {}): Uint8Array {
  const header: Record<string, unknown> = {};
  if (Object.keys(metadata).length > 0) header.__metadata__ = metadata;
  let at = 0;
  for (const w of weights) {
    if (w.data.length !== shapeSize(w.shape))
      throw new Error(`'${w.name}' has ${w.data.length} values for shape [${w.shape.join(', ')}]`);
    header[w.name] = { dtype: 'F32', shape: [...w.shape], data_offsets: [at, at + 4 * w.data.length] };
    at += 4 * w.data.length;
  }
  let json = new TextEncoder().encode(JSON.stringify(header));
  const padded = Math.ceil(json.length / 8) * 8;
  if (padded !== json.length)
    json = new TextEncoder().encode(JSON.stringify(header) + ' '.repeat(padded - json.length));
  const out = new Uint8Array(8 + json.length + at);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(json.length), true);
  out.set(json, 8);
  let offset = 8 + json.length;
  for (const w of weights)
    for (let i = 0; i < w.data.length; i++, offset += 4) view.setFloat32(offset, w.data[i], true);
  return out;
}

/** The tensors of a safetensors file written above (F32 only), by name. */
export function decodeSafetensors(bytes: Uint8Array): Map<string, { shape: number[]; data: Float32Array }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Number(view.getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n))) as Record<
    string,
    { dtype: string; shape: number[]; data_offsets: [number, number] }
  >;
  const out = new Map<string, { shape: number[]; data: Float32Array }>();
  for (const [name, info] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    if (info.dtype !== 'F32') throw new Error(`'${name}' is ${info.dtype}; only F32 is read here`);
    const [start, end] = info.data_offsets;
    const data = new Float32Array((end - start) / 4);
    for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(8 + n + start + 4 * i, true);
    out.set(name, { shape: info.shape, data });
  }
  return out;
}
