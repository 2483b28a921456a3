/**
 * Reading an untrusted `.onnx` (docs/export.md, "Import back"), beyond its tensors
 * (decode.test.ts): nodes and their attributes, value types as torch and onnx's helpers write
 * them, the model's opsets and metadata, and a refusal naming the node, value or part for each
 * way a file can be wrong. The files are built field by field (src/testing/onnxWire.ts).
 */
import { describe, expect, it } from 'vitest';
import { graphOf, initialiser, model, refusal, valuesOf, type Write } from '../../testing/onnxWire';
import { decodeOnnx, MAX_ONNX_BYTES, MAX_TENSOR_ELEMENTS } from './decode';
import { ONNX_FLOAT, ONNX_INT64 } from './model';
import { ProtoWriter } from './protobuf';

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
