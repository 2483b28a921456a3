/**
 * Reading an untrusted `.onnx` (docs/export.md, "Import back"), its tensors: each kind of tensor
 * data ONNX files carry (raw, typed lists, float/double/int32/int64, external), and a refusal
 * naming the tensor for each way one can be wrong. Its nodes, values and model:
 * decodeGraph.test.ts. The files are built field by field (src/testing/onnxWire.ts).
 */
import { describe, expect, it } from 'vitest';
import { DOUBLE, graphOf, INT32, initialiser, le, model, refusal, valuesOf, type Write } from '../../testing/onnxWire';
import { MAX_TENSOR_ELEMENTS } from './decode';
import { ONNX_FLOAT, ONNX_INT64 } from './model';

describe('decodeOnnx: tensors', () => {
  it('reads raw data of each type, doubles as floats and int32 as int64', () => {
    const f64 = le(16, (v) => {
      v.setFloat64(0, 0.5, true);
      v.setFloat64(8, -3, true);
    });
    const i32 = le(8, (v) => {
      v.setInt32(0, -7, true);
      v.setInt32(4, 70000, true);
    });
    const i64 = le(16, (v) => {
      v.setBigInt64(0, -2n, true);
      v.setBigInt64(8, 2n ** 40n, true);
    });
    const bytes = model((g) => {
      initialiser((t) => t.packedInts(1, [2]).int(2, DOUBLE).string(8, 'd').bytes(9, f64))(g);
      initialiser((t) => t.packedInts(1, [2]).int(2, INT32).string(8, 'i').bytes(9, i32))(g);
      initialiser((t) => t.packedInts(1, [2]).int(2, ONNX_INT64).string(8, 'l').bytes(9, i64))(g);
      initialiser((t) =>
        t
          .packedInts(1, [1])
          .int(2, ONNX_FLOAT)
          .string(8, 'f')
          .bytes(
            9,
            le(4, (v) => v.setFloat32(0, 1.5, true)),
          ),
      )(g);
    });
    expect(valuesOf(bytes)).toEqual([
      [ONNX_FLOAT, [0.5, -3]],
      [ONNX_INT64, [-7, 70000]],
      [ONNX_INT64, [-2, 2 ** 40]],
      [ONNX_FLOAT, [1.5]],
    ]);
  });

  it('reads the typed lists: double_data, int32_data, int64_data, and dims one field at a time', () => {
    const doubles = le(16, (v) => {
      v.setFloat64(0, 0.25, true);
      v.setFloat64(8, 8, true);
    });
    const bytes = model((g) => {
      initialiser((t) => t.int(1, 2).int(1, 1).int(2, DOUBLE).string(8, 'd').bytes(10, doubles))(g);
      initialiser((t) => t.int(1, 3).int(2, INT32).string(8, 'i').packedInts(5, [1, -2]).int(5, 3))(g);
      initialiser((t) => t.int(2, ONNX_INT64).string(8, 'scalar').packedInts(7, [42]))(g);
    });
    const g = graphOf(bytes);
    expect(g.initializers.map((t) => t.dims)).toEqual([[2, 1], [3], []]);
    expect(valuesOf(bytes)).toEqual([
      [ONNX_FLOAT, [0.25, 8]],
      [ONNX_INT64, [1, -2, 3]],
      [ONNX_INT64, [42]],
    ]);
  });

  it('names an unnamed tensor by its place, and a named one by its name', () => {
    const noType = (name: string) => initialiser((t) => t.packedInts(1, [1]).string(8, name));
    expect(refusal(model(noType('')))).toBe(
      'not a readable ONNX file: initialiser 0: data type 0 is not float, double, int32 or int64',
    );
    expect(
      refusal(
        model((g) => {
          initialiser((t) => t.int(2, ONNX_FLOAT).string(8, 'ok').packedFloats(4, [1]))(g);
          noType('w')(g);
        }),
      ),
    ).toBe('not a readable ONNX file: tensor “w”: data type 0 is not float, double, int32 or int64');
  });

  it('refuses a tensor of another type, a bad dimension, a wrong count or a wrong raw length', () => {
    const bad = (t: Write) => refusal(model(initialiser(t)));
    expect(bad((t) => t.packedInts(1, [1]).int(2, 10).string(8, 'h'))).toBe(
      'not a readable ONNX file: tensor “h”: data type 10 is not float, double, int32 or int64',
    );
    expect(bad((t) => t.packedInts(1, [2, -1]).int(2, ONNX_FLOAT).string(8, 'n'))).toBe(
      'not a readable ONNX file: tensor “n”: dimension -1 is not a size',
    );
    expect(bad((t) => t.packedInts(1, [2, 3]).int(2, ONNX_FLOAT).string(8, 'c').packedFloats(4, [1, 2]))).toBe(
      'not a readable ONNX file: tensor “c”: 2 values for the shape [2, 3]',
    );
    expect(bad((t) => t.packedInts(1, [2]).int(2, DOUBLE).string(8, 'r').bytes(9, new Uint8Array(8)))).toBe(
      'not a readable ONNX file: tensor “r”: raw_data has 8 bytes, its shape needs 16',
    );
    expect(bad((t) => t.packedInts(1, [1]).int(2, INT32).string(8, 'q').bytes(9, new Uint8Array(8)))).toBe(
      'not a readable ONNX file: tensor “q”: raw_data has 8 bytes, its shape needs 4',
    );
    expect(bad((t) => t.packedInts(1, [1]).int(2, DOUBLE).string(8, 'e').bytes(10, new Uint8Array(4)))).toBe(
      'not a readable ONNX file: tensor “e”: expected 64-bit floats',
    );
    expect(bad((t) => t.packedInts(1, [1]).int(2, DOUBLE).string(8, 'v').int(10, 1))).toBe(
      'not a readable ONNX file: tensor “v”: expected 64-bit floats',
    );
    expect(bad((t) => t.packedInts(1, [1]).string(2, 'x').string(8, 'k'))).toBe(
      'not a readable ONNX file: tensor “k” data_type: expected an integer',
    );
  });

  it('holds a tensor to its bound before reading its values, a zero dimension to none', () => {
    const sized = (dims: number[]) =>
      refusal(model(initialiser((t) => t.packedInts(1, dims).int(2, ONNX_FLOAT).string(8, 'big'))));
    expect(sized([MAX_TENSOR_ELEMENTS + 1])).toBe(
      `not a readable ONNX file: tensor “big”: [${MAX_TENSOR_ELEMENTS + 1}] has more than ${MAX_TENSOR_ELEMENTS} elements`,
    );
    // exactly the bound is allowed: the refusal is the count of its (missing) values
    expect(sized([MAX_TENSOR_ELEMENTS / 2, 2])).toBe(
      `not a readable ONNX file: tensor “big”: 0 values for the shape [${MAX_TENSOR_ELEMENTS / 2}, 2]`,
    );
    expect(valuesOf(model(initialiser((t) => t.packedInts(1, [0, 4]).int(2, ONNX_FLOAT).string(8, 'z'))))).toEqual([
      [ONNX_FLOAT, []],
    ]);
  });
});

describe('decodeOnnx: external data', () => {
  const ext = (keys: [string, string][], dims = [2]): Write =>
    initialiser((t) => {
      t.packedInts(1, dims).int(2, ONNX_FLOAT).string(8, 'w');
      for (const [k, v] of keys) t.message(13, (e) => e.string(1, k).string(2, v));
      t.int(14, 1);
    });
  const file = Uint8Array.from([0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0, 0, 0, 0x40, 0x40]);
  const files = new Map([['w.bin', file]]);

  it('reads from the named file beside the model, at its offset and for its length', () => {
    const at = (keys: [string, string][]) => Array.from(graphOf(model(ext(keys)), files).initializers[0].values);
    expect(
      at([
        ['location', 'w.bin'],
        ['length', '8'],
      ]),
    ).toEqual([1, -2]);
    expect(
      at([
        ['location', 'w.bin'],
        ['offset', '4'],
      ]),
    ).toEqual([-2, 3]);
    expect(
      at([
        ['location', 'sub/w.bin'],
        ['offset', '4'],
        ['length', '8'],
      ]),
    ).toEqual([-2, 3]);
    // data_location 0 (the default) is the tensor's own raw data
    const inside = model(
      initialiser((t) =>
        t.packedInts(1, [1]).int(2, ONNX_FLOAT).string(8, 'w').int(14, 0).bytes(9, file.subarray(0, 4)),
      ),
    );
    expect(Array.from(graphOf(inside).initializers[0].values)).toEqual([1]);
  });

  it('refuses a location outside the folder, a missing file, a bad number or a span past the end', () => {
    const refused = (keys: [string, string][]) => refusal(model(ext(keys)), files);
    const outside = (loc: string) =>
      `not a readable ONNX file: tensor “w”: its external data's location “${loc}” is not a file beside the model`;
    expect(refused([])).toBe(outside(''));
    expect(refused([['location', '/etc/w.bin']])).toBe(outside('/etc/w.bin'));
    expect(refused([['location', '../w.bin']])).toBe(outside('../w.bin'));
    expect(refused([['location', 'a\\..\\w.bin']])).toBe(outside('a\\..\\w.bin'));
    expect(refused([['location', 'x.bin']])).toBe(
      'not a readable ONNX file: tensor “w”: its data is in the external file “x.bin”; open that file together with the .onnx (choose both)',
    );
    expect(refusal(model(ext([['location', 'w.bin']])))).toMatch(/external file “w\.bin”/);
    expect(
      refused([
        ['location', 'w.bin'],
        ['offset', '-4'],
      ]),
    ).toBe("not a readable ONNX file: tensor “w”: its external data's offset “-4” is not a whole number");
    expect(
      refused([
        ['location', 'w.bin'],
        ['length', '8 '],
      ]),
    ).toBe("not a readable ONNX file: tensor “w”: its external data's length “8 ” is not a whole number");
    expect(
      refused([
        ['location', 'w.bin'],
        ['offset', '8'],
        ['length', '8'],
      ]),
    ).toBe('not a readable ONNX file: tensor “w”: its external data lies at bytes 8…16 of “w.bin”, which has 12');
  });
});
