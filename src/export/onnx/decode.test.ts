/**
 * Reading an untrusted `.onnx` (docs/export.md, "Import back"): each kind of tensor data ONNX
 * files carry (raw, typed lists, float/double/int32/int64, external), attributes and value types
 * as torch and onnx's helpers write them, and a refusal naming the tensor, node or value for
 * each way a file can be wrong. The files are built field by field with the protobuf writer, as
 * another exporter would write them, not with Lensboard's own ONNX writer.
 */
import { describe, expect, it } from 'vitest';
import { decodeOnnx, type ExternalFiles, MAX_ONNX_BYTES, MAX_TENSOR_ELEMENTS } from './decode';
import { ONNX_FLOAT, ONNX_INT64, type OnnxGraph } from './model';
import { ProtoWriter } from './protobuf';

const DOUBLE = 11;
const INT32 = 6;
type Write = (w: ProtoWriter) => void;

/** A model of the given graph (field 7), with ir_version 8 and the default opset 17. */
const model = (graph: Write, more: Write = () => {}) => {
  const w = new ProtoWriter().int(1, 8).message(7, graph);
  w.message(8, (o) => o.string(1, '').int(2, 17));
  more(w);
  return w.finish();
};

function graphOf(bytes: Uint8Array, external?: ExternalFiles): OnnxGraph {
  const r = decodeOnnx(bytes, external);
  if (!r.ok) throw new Error(r.error);
  return r.model.graph;
}

function refusal(bytes: Uint8Array, external?: ExternalFiles): string {
  const r = decodeOnnx(bytes, external);
  if (r.ok) throw new Error('decoded');
  return r.error;
}

const le = (n: number, write: (v: DataView) => void) => {
  const b = new Uint8Array(n);
  write(new DataView(b.buffer));
  return b;
};

/** One initialiser (graph field 5). */
const initialiser =
  (t: Write): Write =>
  (g) =>
    g.message(5, t);
const valuesOf = (bytes: Uint8Array) => graphOf(bytes).initializers.map((t) => [t.dataType, Array.from(t.values)]);

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

describe('decodeOnnx: nodes, attributes and values', () => {
  const node =
    (n: Write): Write =>
    (g) =>
      g.message(1, n);
  const attribute =
    (a: Write): Write =>
    (n) =>
      n.message(5, a);

  it('reads each attribute kind, defaults a valueless float or int to 0, and drops other kinds', () => {
    const bytes = model(
      node((n) => {
        n.string(1, 'x').string(2, 'y').string(4, 'Op').string(7, 'ai.onnx');
        attribute((a) => a.string(1, 'f').int(20, 1).float(2, 0.5))(n);
        attribute((a) => a.string(1, 'i').int(20, 2).int(3, -3))(n);
        attribute((a) => a.string(1, 's').int(20, 3).string(4, 'on'))(n);
        attribute((a) => a.string(1, 'v').int(20, 7).packedInts(8, [1, 2]).int(8, 3))(n);
        attribute((a) => a.string(1, 'f0').int(20, 1))(n);
        attribute((a) => a.string(1, 'i0').int(20, 2))(n);
        attribute((a) => a.string(1, 'floats').int(20, 6).packedFloats(7, [1]))(n);
        attribute((a) => a.string(1, 'untyped').float(2, 1))(n);
        attribute((a) =>
          a
            .string(1, 't')
            .int(20, 4)
            .message(5, (t) => t.packedInts(1, [1]).int(2, ONNX_INT64).packedInts(7, [9])),
        )(n);
      }),
    );
    const [only] = graphOf(bytes).nodes;
    expect(only.name).toBe('node0');
    expect(only.inputs).toEqual(['x']);
    expect(only.outputs).toEqual(['y']);
    expect(only.attributes).toEqual([
      { name: 'f', kind: 'float', value: 0.5 },
      { name: 'i', kind: 'int', value: -3 },
      { name: 's', kind: 'string', value: 'on' },
      { name: 'v', kind: 'ints', value: [1, 2, 3] },
      { name: 'f0', kind: 'float', value: 0 },
      { name: 'i0', kind: 'int', value: 0 },
      { name: 't', kind: 'tensor', value: { name: '', dims: [1], dataType: ONNX_INT64, values: [9] } },
    ]);
  });

  it('refuses an operator of another domain and a bad attribute, naming the node', () => {
    const custom = model(node((n) => n.string(3, 'fused').string(4, 'FusedGemm').string(7, 'com.microsoft')));
    expect(refusal(custom)).toBe(
      "not a readable ONNX file: node “fused” (FusedGemm): operators of the domain “com.microsoft” are not ONNX's own",
    );
    const unnamed = model((g) => {
      node((n) => n.string(4, 'Relu'))(g);
      node((n) => n.string(7, 'x'))(g);
    });
    expect(refusal(unnamed)).toBe(
      "not a readable ONNX file: node “1” (no op): operators of the domain “x” are not ONNX's own",
    );
    const badAttr = model(
      node((n) => {
        n.string(3, 'c').string(4, 'Clip');
        attribute((a) => a.string(1, 'min').int(20, 1).int(2, 0))(n);
      }),
    );
    expect(refusal(badAttr)).toBe(
      'not a readable ONNX file: attribute “min” of node “c” (Clip): expected a 32-bit float',
    );
  });

  it('reads inputs and outputs with numbered and named dimensions', () => {
    const value =
      (name: string, elem: number | undefined, dims: (number | string | null)[]): Write =>
      (v) =>
        v.string(1, name).message(2, (type) =>
          type.message(1, (tensor) => {
            if (elem !== undefined) tensor.int(1, elem);
            tensor.message(2, (shape) => {
              for (const d of dims)
                shape.message(1, (dim) => {
                  if (typeof d === 'number') dim.int(1, d);
                  else if (d !== null) dim.string(2, d);
                });
            });
          }),
        );
    const bytes = model((g) => {
      g.message(11, value('x', ONNX_FLOAT, ['batch', 3, null]));
      g.message(12, value('y', undefined, [2]));
      g.message(12, (v) => v.string(1, 'z').message(2, (type) => type.message(1, (t) => t.int(1, ONNX_INT64))));
    });
    const g = graphOf(bytes);
    expect(g.inputs).toEqual([{ name: 'x', elemType: ONNX_FLOAT, shape: ['batch', 3, '?'] }]);
    expect(g.outputs).toEqual([
      { name: 'y', elemType: 0, shape: [2] },
      { name: 'z', elemType: ONNX_INT64, shape: [] },
    ]);
    const sequence = model((g) =>
      g.message(12, (v) => v.string(1, 'seq').message(2, (type) => type.message(4, () => {}))),
    );
    expect(refusal(sequence)).toBe('not a readable ONNX file: output “seq”: not a tensor');
    expect(refusal(model((g) => g.message(11, (v) => v.string(1, 'x'))))).toBe(
      'not a readable ONNX file: input “x”: not a tensor',
    );
  });
});

describe('decodeOnnx: the model', () => {
  it('reads the opset of ONNX’s own domain, among others, and the metadata', () => {
    const bytes = new ProtoWriter()
      .int(1, 7)
      .string(2, 'pytorch')
      .string(6, 'doc')
      .message(7, (g) => g.string(2, 'main').string(10, 'about'))
      .message(8, (o) => o.string(1, 'com.microsoft').int(2, 1))
      .message(8, (o) => o.string(1, 'ai.onnx').int(2, 13))
      .message(14, (m) => m.string(1, 'k').string(2, 'v'))
      .finish();
    const r = decodeOnnx(bytes);
    expect(r).toEqual({
      ok: true,
      model: {
        irVersion: 7,
        opset: 13,
        producer: 'pytorch',
        docString: 'doc',
        graph: { name: 'main', docString: 'about', nodes: [], initializers: [], inputs: [], outputs: [] },
        metadata: [{ key: 'k', value: 'v' }],
      },
    });
    const bare = decodeOnnx(
      new ProtoWriter()
        .message(7, () => {})
        .message(8, (o) => o.string(1, 'x').int(2, 3))
        .finish(),
    );
    expect(bare.ok && [bare.model.irVersion, bare.model.opset, bare.model.producer]).toEqual([0, 0, '']);
  });

  it('refuses a file with no graph, too big a file, and bytes that are not protobuf', () => {
    expect(refusal(new ProtoWriter().int(1, 8).finish())).toBe('not an ONNX model: it has no graph');
    expect(refusal(new Uint8Array(MAX_ONNX_BYTES + 1))).toBe(
      `the file is ${MAX_ONNX_BYTES + 1} bytes; Lensboard opens files of at most 50 MB`,
    );
    expect(refusal(new Uint8Array(MAX_ONNX_BYTES))).toBe('not a readable ONNX file: the model: field number 0');
    expect(
      refusal(
        new ProtoWriter()
          .string(1, 'x')
          .message(7, () => {})
          .finish(),
      ),
    ).toBe('not a readable ONNX file: ir_version: expected an integer');
  });
});

describe('decodeOnnx: where a malformed part lies', () => {
  const bad = (b: number[]) => Uint8Array.from(b);
  const cut = [0x08]; // a varint field whose value is missing
  const refusedAs = (bytes: Uint8Array) => refusal(bytes).replace('not a readable ONNX file: ', '');

  it('names the metadata, the opset import and the graph', () => {
    const at = (more: Write) => refusedAs(model(() => {}, more));
    expect(at((w) => w.int(14, 1))).toBe('metadata_props: expected a length-delimited field');
    expect(at((w) => w.bytes(14, bad(cut)))).toBe('metadata_props field 1: the file ends inside a number');
    expect(at((w) => w.message(14, (m) => m.int(1, 1)))).toBe('metadata_props: expected a length-delimited field');
    expect(at((w) => w.message(14, (m) => m.string(1, 'k').int(2, 1)))).toBe(
      'metadata_props: expected a length-delimited field',
    );
    expect(at((w) => w.int(8, 1))).toBe('opset_import: expected a length-delimited field');
    expect(at((w) => w.bytes(8, bad(cut)))).toBe('opset_import field 1: the file ends inside a number');
    expect(
      refusedAs(
        new ProtoWriter()
          .message(7, () => {})
          .message(8, (o) => o.int(1, 1))
          .finish(),
      ),
    ).toBe('opset_import: expected a length-delimited field');
    const graph = (g: Write) => refusedAs(new ProtoWriter().message(7, g).finish());
    expect(refusedAs(new ProtoWriter().bytes(7, bad(cut)).finish())).toBe(
      'the graph field 1: the file ends inside a number',
    );
    expect(graph((g) => g.int(2, 1))).toBe('the graph: expected a length-delimited field');
    expect(graph((g) => g.int(10, 1))).toBe('the graph: expected a length-delimited field');
    expect(graph((g) => g.int(1, 1))).toBe('node 0: expected a length-delimited field');
    expect(graph((g) => g.int(5, 1))).toBe('initialiser 0: expected a length-delimited field');
    expect(graph((g) => g.int(11, 1))).toBe('an input: expected a length-delimited field');
    expect(graph((g) => g.int(12, 1))).toBe('an output: expected a length-delimited field');
  });

  it('names the node, the attribute and the tensor', () => {
    const graph = (g: Write) => refusedAs(model(g));
    expect(graph((g) => g.bytes(1, bad(cut)))).toBe('node 0 field 1: the file ends inside a number');
    expect(graph((g) => g.message(1, (n) => n.int(3, 1)))).toBe('node 0: expected a length-delimited field');
    expect(graph((g) => g.message(1, (n) => n.int(4, 1)))).toBe('node 0: expected a length-delimited field');
    const inNode = (a: (n: ProtoWriter) => void) =>
      graph((g) => g.message(1, (n) => a(n.string(3, 'n').string(4, 'Op'))));
    expect(inNode((n) => n.bytes(5, bad(cut)))).toBe(
      'an attribute of node “n” (Op) field 1: the file ends inside a number',
    );
    expect(inNode((n) => n.message(5, (a) => a.int(1, 1)))).toBe(
      'an attribute of node “n” (Op): expected a length-delimited field',
    );
    expect(graph((g) => g.message(5, (t) => t.float(1, 1).int(2, ONNX_FLOAT).string(8, 'x')))).toBe(
      'tensor “x” dims: expected integers',
    );
    expect(graph((g) => g.message(5, (t) => t.packedInts(1, [4097, 4096]).int(2, ONNX_FLOAT).string(8, 'x')))).toBe(
      `tensor “x”: [4097, 4096] has more than ${MAX_TENSOR_ELEMENTS} elements`,
    );
  });

  it('reads an attribute as its declared type, whatever other fields it carries', () => {
    const bytes = model((g) =>
      g.message(1, (n) =>
        n
          .string(4, 'Op')
          .message(5, (a) => a.string(1, 'a').int(20, 2).string(4, 'stray'))
          .message(5, (a) =>
            a
              .string(1, 'b')
              .int(20, 2)
              .message(5, (t) => t.int(2, ONNX_FLOAT).packedFloats(4, [1])),
          ),
      ),
    );
    expect(graphOf(bytes).nodes[0].attributes).toEqual([
      { name: 'a', kind: 'int', value: 0 },
      { name: 'b', kind: 'int', value: 0 },
    ]);
  });

  it('reads a data_location that is not a number as the tensor’s own data', () => {
    const bytes = model(
      initialiser((t) =>
        t
          .packedInts(1, [1])
          .int(2, ONNX_FLOAT)
          .string(8, 'w')
          .bytes(14, bad([1]))
          .packedFloats(9, [2]),
      ),
    );
    expect(valuesOf(bytes)).toEqual([[ONNX_FLOAT, [2]]]);
  });
});
