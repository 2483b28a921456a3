/**
 * The protocol-buffer wire format under the ONNX codec (docs/export.md, "ONNX"): bytes as the
 * protobuf encoding documents them (varints, fixed32, length-delimited), and a refusal naming the
 * field for each way untrusted bytes can be wrong. Every value is worked out by hand from the
 * encoding's rules, not from the writer, so the reader and the writer are checked each on its own.
 */
import { describe, expect, it } from 'vitest';
import {
  type Field,
  ProtobufError,
  ProtoWriter,
  readBytes,
  readFields,
  readFloat,
  readFloats,
  readInts,
  toInt,
  toText,
} from './protobuf';

const bytes = (...b: number[]) => Uint8Array.from(b);
const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (e) {
    expect(e).toBeInstanceOf(ProtobufError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('ProtoWriter', () => {
  it('writes varints seven bits a byte, low bits first, and a negative int64 in ten bytes', () => {
    expect(Array.from(new ProtoWriter().int(1, 0).finish())).toEqual([0x08, 0]);
    expect(Array.from(new ProtoWriter().int(1, 127).finish())).toEqual([0x08, 0x7f]);
    expect(Array.from(new ProtoWriter().int(1, 128).finish())).toEqual([0x08, 0x80, 0x01]);
    expect(Array.from(new ProtoWriter().int(2, 300).finish())).toEqual([0x10, 0xac, 0x02]);
    expect(Array.from(new ProtoWriter().int(1, -1).finish())).toEqual([
      0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,
    ]);
  });

  it('tags a field with its number and wire type, the number in a varint of its own', () => {
    expect(Array.from(new ProtoWriter().int(16, 1).finish())).toEqual([0x80, 0x01, 0x01]);
    expect(Array.from(new ProtoWriter().float(2, 1).finish())).toEqual([0x15, 0, 0, 0x80, 0x3f]);
    expect(Array.from(new ProtoWriter().string(3, 'hé').finish())).toEqual([0x1a, 3, 0x68, 0xc3, 0xa9]);
  });

  it('packs ints as varints and floats as little-endian fixed32, after their byte length', () => {
    expect(Array.from(new ProtoWriter().packedInts(1, [1, 300]).finish())).toEqual([0x0a, 3, 1, 0xac, 0x02]);
    expect(Array.from(new ProtoWriter().packedFloats(4, [1, -2]).finish())).toEqual([
      0x22, 8, 0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0,
    ]);
    expect(Array.from(new ProtoWriter().packedFloats(4, []).finish())).toEqual([0x22, 0]);
  });

  it('nests a message after its length, and its pieces join to the finished bytes', () => {
    const w = new ProtoWriter().int(1, 5).message(7, (m) => m.string(2, 'ab').int(3, 1));
    const whole = [0x08, 5, 0x3a, 6, 0x12, 2, 0x61, 0x62, 0x18, 1];
    expect(Array.from(w.finish())).toEqual(whole);
    expect(w.byteLength).toBe(whole.length);
    expect(w.pieces().flatMap((p) => Array.from(p))).toEqual(whole);
    expect(Array.from(new ProtoWriter().message(1, () => {}).finish())).toEqual([0x0a, 0]);
  });
});

describe('readFields', () => {
  it('reads each wire type ONNX uses, in file order', () => {
    const fixed64 = [0x19, 1, 2, 3, 4, 5, 6, 7, 8];
    const fields = readFields(bytes(0x08, 0xac, 0x02, 0x15, 0, 0, 0x80, 0x3f, 0x1a, 2, 9, 9, ...fixed64), 'm');
    expect(fields.map((f) => [f.field, f.wire])).toEqual([
      [1, 0],
      [2, 5],
      [3, 2],
      [3, 1],
    ]);
    expect(fields[0]).toEqual({ field: 1, wire: 0, value: 300n });
    expect(readFloat(fields[1], 'f')).toBe(1);
    expect(Array.from(readBytes(fields[2], 'b'))).toEqual([9, 9]);
    expect(fields[3].wire === 0 ? [] : Array.from(fields[3].bytes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(readFields(bytes(), 'm')).toEqual([]);
  });

  it('reads a ten-byte varint as an unsigned 64-bit number', () => {
    const ten = bytes(0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01);
    expect(readFields(ten, 'm')).toEqual([{ field: 1, wire: 0, value: 2n ** 64n - 1n }]);
    expect(toInt(2n ** 64n - 1n, 'x')).toBe(-1);
  });

  it('refuses, naming the message and field, every way the bytes can be wrong', () => {
    expect(refusal(() => readFields(bytes(0x08), 'the model'))).toBe(
      'the model field 1: the file ends inside a number',
    );
    expect(refusal(() => readFields(bytes(0x80), 'the model'))).toBe('the model: the file ends inside a number');
    const eleven = bytes(0x08, ...Array(10).fill(0x80), 0x01);
    expect(refusal(() => readFields(eleven, 'm'))).toBe('m field 1: a number longer than ten bytes');
    expect(refusal(() => readFields(bytes(0x00, 0x01), 'm'))).toBe('m: field number 0');
    expect(refusal(() => readFields(bytes(0x0b), 'm'))).toBe('m field 1: wire type 3 is not used by ONNX');
    expect(refusal(() => readFields(bytes(0x0c), 'm'))).toBe('m field 1: wire type 4 is not used by ONNX');
    expect(refusal(() => readFields(bytes(0x12, 3, 1, 2), 'm'))).toBe(
      'm field 2: a length of 3 bytes runs past the end of its message',
    );
    expect(refusal(() => readFields(bytes(0x12), 'm'))).toBe('m field 2: the file ends inside a number');
    expect(refusal(() => readFields(bytes(0x15, 0, 0, 0), 'm'))).toBe('m field 2: the file ends inside it');
    expect(refusal(() => readFields(bytes(0x19, 1, 2, 3, 4, 5, 6, 7), 'm'))).toBe('m field 3: the file ends inside it');
  });

  it('reads a field ending exactly at the end of its message', () => {
    expect(readFields(bytes(0x12, 2, 1, 2), 'm')).toHaveLength(1);
    expect(readFields(bytes(0x15, 0, 0, 0, 0), 'm')).toHaveLength(1);
  });
});

describe('the readers of one field', () => {
  const varint = (value: bigint): Field => ({ field: 1, wire: 0, value });
  const lengthDelimited = (...b: number[]): Field => ({ field: 1, wire: 2, bytes: bytes(...b) });
  const fixed32 = (...b: number[]): Field => ({ field: 1, wire: 5, bytes: bytes(...b) });

  it('reads int64 as signed and refuses what a JavaScript number cannot hold exactly', () => {
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    expect(toInt(max, 'x')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toInt(BigInt.asUintN(64, -max), 'x')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(refusal(() => toInt(max + 1n, 'dims'))).toBe('dims: 9007199254740992 is too large a number');
    expect(refusal(() => toInt(BigInt.asUintN(64, -max - 1n), 'dims'))).toBe(
      'dims: -9007199254740992 is too large a number',
    );
  });

  it('reads repeated ints packed or one at a time, and floats packed', () => {
    expect(readInts(varint(BigInt.asUintN(64, -3n)), 'x')).toEqual([-3]);
    expect(readInts(lengthDelimited(1, 0xac, 0x02, 0x7f), 'x')).toEqual([1, 300, 127]);
    expect(readInts(lengthDelimited(), 'x')).toEqual([]);
    expect(readFloats(lengthDelimited(0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0), 'x')).toEqual([1, -2]);
    expect(readFloats(fixed32(0, 0, 0x80, 0xbf), 'x')).toEqual([-1]);
    expect(readFloat(fixed32(0, 0, 0x20, 0x40), 'x')).toBe(2.5);
  });

  it('reads a packed field lying inside a larger buffer from its own bytes', () => {
    const [, f] = readFields(bytes(0x08, 1, 0x22, 4, 0, 0, 0x80, 0x3f), 'm');
    expect(readFloats(f, 'x')).toEqual([1]);
    const [, g] = readFields(bytes(0x08, 1, 0x15, 0, 0, 0x20, 0x40), 'm');
    expect(readFloat(g, 'x')).toBe(2.5);
  });

  it('refuses a field of the wrong wire type, naming it', () => {
    expect(refusal(() => readInts(fixed32(1, 2, 3, 4), 'dims'))).toBe('dims: expected integers');
    expect(refusal(() => readInts(lengthDelimited(0x80), 'dims'))).toBe('dims: the file ends inside a number');
    expect(refusal(() => readFloats(varint(1n), 'w'))).toBe('w: expected 32-bit floats');
    expect(refusal(() => readFloats(lengthDelimited(1, 2, 3), 'w'))).toBe('w: expected 32-bit floats');
    expect(refusal(() => readFloat(varint(1n), 'alpha'))).toBe('alpha: expected a 32-bit float');
    expect(refusal(() => readFloat(lengthDelimited(0, 0, 0, 0), 'alpha'))).toBe('alpha: expected a 32-bit float');
    expect(refusal(() => readBytes(varint(1n), 'name'))).toBe('name: expected a length-delimited field');
    expect(refusal(() => readBytes(fixed32(0, 0, 0, 0), 'name'))).toBe('name: expected a length-delimited field');
  });

  it('reads text as UTF-8, a broken sequence as the replacement character', () => {
    expect(toText(bytes(0x68, 0xc3, 0xa9))).toBe('hé');
    expect(toText(bytes(0x61, 0xff))).toBe('a\ufffd');
  });
});
