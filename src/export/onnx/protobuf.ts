/**
 * The protocol-buffer wire format, as much of it as an ONNX file needs (docs/export.md, "ONNX"):
 * varints (int64 as two's complement in ten bytes when negative), fixed32 floats and
 * length-delimited fields (strings, bytes, nested messages, packed arrays). The reader never
 * reads past its buffer and never allocates more than the bytes it was given: a length that
 * overruns is a ProtobufError naming the field, caught by the ONNX decoder.
 */

export const Wire = { Varint: 0, Fixed64: 1, Bytes: 2, Fixed32: 5 } as const;
type WireKind = (typeof Wire)[keyof typeof Wire];

export class ProtobufError extends Error {}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: false });

/** Appends fields to a growing list of chunks; `finish` joins them once. */
export class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private varint(value: bigint): void {
    let v = BigInt.asUintN(64, value);
    const out: number[] = [];
    while (v >= 0x80n) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wire: WireKind): void {
    this.varint(BigInt((field << 3) | wire));
  }

  int(field: number, value: number): this {
    this.tag(field, Wire.Varint);
    this.varint(BigInt(value));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, Wire.Fixed32);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.push(b);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, Wire.Bytes);
    this.varint(BigInt(value.length));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, utf8.encode(value));
  }

  /** The inner message's pieces are taken as they are: a big tensor's bytes are never copied here. */
  message(field: number, write: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    write(inner);
    this.tag(field, Wire.Bytes);
    this.varint(BigInt(inner.length));
    for (const c of inner.chunks) this.push(c);
    return this;
  }

  /** The encoding in pieces, to be written one after another (no copy into one array). */
  pieces(): readonly Uint8Array[] {
    return this.chunks;
  }

  get byteLength(): number {
    return this.length;
  }

  packedInts(field: number, values: readonly number[]): this {
    const inner = new ProtoWriter();
    for (const v of values) inner.varint(BigInt(v));
    return this.bytes(field, inner.finish());
  }

  packedFloats(field: number, values: readonly number[]): this {
    const b = new Uint8Array(4 * values.length);
    const view = new DataView(b.buffer);
    for (let i = 0; i < values.length; i++) view.setFloat32(4 * i, values[i], true);
    return this.bytes(field, b);
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

/** One field as read: its number, and a varint (as bigint), the raw bytes of a 32/64-bit or a length-delimited field. */
export type Field =
  | { readonly field: number; readonly wire: 0; readonly value: bigint }
  | { readonly field: number; readonly wire: 1 | 2 | 5; readonly bytes: Uint8Array };

function readVarint(buf: Uint8Array, at: { pos: number }, what: string): bigint {
  let result = 0n;
  for (let shift = 0n; shift < 70n; shift += 7n) {
    if (at.pos >= buf.length) throw new ProtobufError(`${what}: the file ends inside a number`);
    const byte = buf[at.pos++];
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return BigInt.asUintN(64, result);
  }
  throw new ProtobufError(`${what}: a number longer than ten bytes`);
}

/** The fields of one message, in file order; `what` names the message in errors. */
export function readFields(buf: Uint8Array, what: string): Field[] {
  const at = { pos: 0 };
  const fields: Field[] = [];
  while (at.pos < buf.length) {
    const key = readVarint(buf, at, what);
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (field === 0) throw new ProtobufError(`${what}: field number 0`);
    if (wire === Wire.Varint) {
      fields.push({ field, wire, value: readVarint(buf, at, `${what} field ${field}`) });
      continue;
    }
    let size: number;
    if (wire === Wire.Fixed32) size = 4;
    else if (wire === Wire.Fixed64) size = 8;
    else if (wire === Wire.Bytes) {
      const n = readVarint(buf, at, `${what} field ${field}`);
      if (n > BigInt(buf.length - at.pos)) {
        throw new ProtobufError(`${what} field ${field}: a length of ${n} bytes runs past the end of its message`);
      }
      size = Number(n);
    } else throw new ProtobufError(`${what} field ${field}: wire type ${wire} is not used by ONNX`);
    if (at.pos + size > buf.length) throw new ProtobufError(`${what} field ${field}: the file ends inside it`);
    fields.push({ field, wire: wire as 1 | 2 | 5, bytes: buf.subarray(at.pos, at.pos + size) });
    at.pos += size;
  }
  return fields;
}

/** A varint as a JavaScript number, int64 read as signed; refused beyond 2^53. */
export function toInt(v: bigint, what: string): number {
  const s = BigInt.asIntN(64, v);
  if (s > BigInt(Number.MAX_SAFE_INTEGER) || s < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new ProtobufError(`${what}: ${s} is too large a number`);
  }
  return Number(s);
}

export const toText = (b: Uint8Array): string => fromUtf8.decode(b);

/** A packed (or single, unpacked) repeated varint field. */
export function readInts(f: Field, what: string): number[] {
  if (f.wire === Wire.Varint) return [toInt(f.value, what)];
  if (f.wire !== Wire.Bytes) throw new ProtobufError(`${what}: expected integers`);
  const at = { pos: 0 };
  const out: number[] = [];
  while (at.pos < f.bytes.length) out.push(toInt(readVarint(f.bytes, at, what), what));
  return out;
}

/** A packed (or single) repeated float field, little-endian IEEE 754. */
export function readFloats(f: Field, what: string): number[] {
  if (f.wire === Wire.Varint || f.bytes.length % 4 !== 0) throw new ProtobufError(`${what}: expected 32-bit floats`);
  const view = new DataView(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
  return Array.from({ length: f.bytes.length / 4 }, (_, i) => view.getFloat32(4 * i, true));
}

export function readFloat(f: Field, what: string): number {
  if (f.wire !== Wire.Fixed32) throw new ProtobufError(`${what}: expected a 32-bit float`);
  return new DataView(f.bytes.buffer, f.bytes.byteOffset, 4).getFloat32(0, true);
}

export function readBytes(f: Field, what: string): Uint8Array {
  if (f.wire !== Wire.Bytes) throw new ProtobufError(`${what}: expected a length-delimited field`);
  return f.bytes;
}
