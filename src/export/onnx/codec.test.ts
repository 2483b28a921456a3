import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { decodeOnnx, MAX_TENSOR_ELEMENTS } from './decode';
import { encodeOnnx, IR_VERSION, ONNX_FLOAT, ONNX_INT64, type OnnxModel, OPSET } from './model';
import { ProtoWriter } from './protobuf';

const model: OnnxModel = {
  irVersion: IR_VERSION,
  opset: OPSET,
  producer: 'lensboard',
  docString: 'a test',
  metadata: [
    { key: 'lensboard.dataset', value: '{"id":"moons","options":{}}' },
    { key: 'author', value: 'ñ' },
  ],
  graph: {
    name: 'g',
    docString: 'the graph g',
    nodes: [
      {
        name: 'mm',
        opType: 'MatMul',
        inputs: ['x', 'W'],
        outputs: ['h'],
        attributes: [
          { name: 'axis', kind: 'int', value: -1 },
          { name: 'alpha', kind: 'float', value: 0.25 },
          { name: 'shape', kind: 'ints', value: [-1, 3, 0] },
          { name: 'mode', kind: 'string', value: 'ñ' },
          {
            name: 'value',
            kind: 'tensor',
            value: { name: '', dims: [2], dataType: ONNX_INT64, values: [3, -4] },
          },
        ],
      },
    ],
    initializers: [
      { name: 'W', dims: [2, 3], dataType: ONNX_FLOAT, values: Float32Array.from([1, -2, 3.5, 4, 5, 6]) },
      { name: 'shape', dims: [2], dataType: ONNX_INT64, values: [-1, 784] },
    ],
    inputs: [{ name: 'x', elemType: ONNX_FLOAT, shape: ['batch', 2] }],
    outputs: [{ name: 'h', elemType: ONNX_FLOAT, shape: ['batch', 3] }],
  },
};

describe('the ONNX protobuf codec', () => {
  it('reads back what it writes', () => {
    const r = decodeOnnx(encodeOnnx(model));
    expect(r).toEqual({ ok: true, model });
  });

  it('reads float_data and int64_data as well as raw_data', () => {
    const tensor = new ProtoWriter()
      .packedInts(1, [2])
      .int(2, ONNX_FLOAT)
      .string(8, 'b')
      .packedFloats(4, [0.5, -1])
      .finish();
    const shape = new ProtoWriter()
      .packedInts(1, [2])
      .int(2, ONNX_INT64)
      .string(8, 's')
      .packedInts(7, [-1, 4])
      .finish();
    const bytes = new ProtoWriter().message(7, (g) => g.bytes(5, tensor).bytes(5, shape)).finish();
    const r = decodeOnnx(bytes);
    if (!r.ok) throw new Error(r.error);
    expect(r.model.graph.initializers.map((t) => Array.from(t.values))).toEqual([
      [0.5, -1],
      [-1, 4],
    ]);
  });

  it('refuses a tensor larger than its bound before allocating it, naming it', () => {
    const tensor = new ProtoWriter()
      .packedInts(1, [MAX_TENSOR_ELEMENTS, 2])
      .int(2, ONNX_FLOAT)
      .string(8, 'huge')
      .finish();
    const r = decodeOnnx(new ProtoWriter().message(7, (g) => g.bytes(5, tensor)).finish());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/tensor “huge”.*more than/);
  });

  it('refuses raw data that does not fill its shape, naming the tensor', () => {
    const tensor = new ProtoWriter()
      .packedInts(1, [3])
      .int(2, ONNX_FLOAT)
      .string(8, 'short')
      .bytes(9, new Uint8Array(8))
      .finish();
    const r = decodeOnnx(new ProtoWriter().message(7, (g) => g.bytes(5, tensor)).finish());
    expect(r).toEqual({ ok: false, error: expect.stringContaining('tensor “short”: raw_data has 8 bytes') });
  });

  it('never throws on truncated or corrupted bytes (seed printed)', () => {
    const good = encodeOnnx(model);
    const seed = fcSeed('onnx codec fuzz');
    fc.assert(
      fc.property(
        fc.nat(good.length - 1),
        fc.array(fc.tuple(fc.nat(good.length - 1), fc.nat(255)), { maxLength: 6 }),
        (cut, flips) => {
          const bytes = good.slice(0, cut + 1);
          for (const [at, v] of flips) if (at < bytes.length) bytes[at] = v;
          const r = decodeOnnx(bytes);
          expect(typeof r.ok).toBe('boolean');
          if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
        },
      ),
      { seed, numRuns: 300 },
    );
  });
});
