/**
 * ONNX import: a gallery example exported and imported back predicts what it predicted (the
 * ℤ₂ circuits, whose ONNX forms use ops with no Lensboard generator, are refused naming each op,
 * and their list is checked); a weight two nodes read is drawn as one parameter box; ONNX
 * files written the way other frameworks write them (NCHW convolutions with biases, Gemm with a
 * transposed weight, Flatten, Split, Concat; padding from sizes, auto_pad, and ceil mode's partial
 * windows) open as diagrams that predict what ONNX Runtime predicts on the same file; anything else is refused node by node, and no bytes make it throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lower } from '../../../core/program';
import { createTypedEngine } from '../../../engines/index';
import { loadExample } from '../../../io/examples/index';
import { exampleCase, galleryFor, relativeError } from '../../../testing/exportOracle';
import { bigOnnx, cnn, file, floats, mlp, node, rng, tensor } from '../../../testing/onnxFiles';
import { asFileOutputs } from '../../../testing/onnxLogits';
import { runOnnx } from '../../../testing/onnxRuntime';
import { fcSeed } from '../../../testing/seed';
import { compileModelFile, exportGraph } from '../../graph';
import { refusalOf } from '../../opTable';
import { decodeOnnx } from '../decode';
import { DATASET_METADATA, encodeOnnx, type OnnxNode } from '../model';
import { ONNX_OPS } from '../ops';
import { onnxTarget } from '../write';
import { importOnnx } from './importOnnx';

/** Lensboard's float64 predictions of an imported model on float32 inputs, as the file's outputs. */
function predict(bytes: Uint8Array, input: Float32Array, batch: number): Float64Array {
  const r = importOnnx(bytes, 'test.onnx');
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  const graph = exportGraph(r.file, r.weights);
  const program = lower(compileModelFile(r.file).model.diagram);
  const engine = createTypedEngine(program, { dtype: 'float64' });
  const shape = [batch, ...graph.inputs[0].type.shape];
  const [y] = engine.run([
    ...graph.weights.map((w) => ({ shape: w.shape, data: Float64Array.from(w.data) })),
    { shape, data: Float64Array.from(input) },
  ]);
  return asFileOutputs(bytes, Float64Array.from(y.data), batch);
}

/** The examples whose ONNX form the importer refuses, and the ONNX ops each refusal names. */
const NOT_IMPORTED: Record<string, string[]> = {
  'parity-circuit': ['Floor', 'ReduceSum'],
  'rda-iris2': ['Floor', 'Greater', 'Mod', 'ReduceSum'],
  'rda-iris3': ['Floor', 'Greater', 'Mod', 'ReduceSum'],
};
const exported = galleryFor((graph) => refusalOf('ONNX', ONNX_OPS, graph)).expressed;
const exportBytes = (id: string) => onnxTarget.write(exampleCase(id).graph)[0].data as Uint8Array;

describe('ONNX import', () => {
  it.each(exported.filter((id) => !(id in NOT_IMPORTED)))('%s: export → import predicts the same', async (id) => {
    const c = exampleCase(id);
    const bytes = onnxTarget.write(c.graph)[0].data as Uint8Array;
    const input = c.inputs[0];
    const got = predict(bytes, input.data, input.shape[0]);
    expect(relativeError(got, c.expected[0].data)).toBeLessThan(1e-9);
  });

  it.each(exported.filter((id) => !(id in NOT_IMPORTED)))(
    '%s: comes back with its name and its own dataset binding',
    (id) => {
      const doc = loadExample(id);
      const r = importOnnx(exportBytes(id), 'model.onnx');
      if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
      expect(r.file.diagram.name).toBe(doc.name);
      expect(r.file.diagram.dataset).toEqual({ id: doc.dataset?.id, options: doc.dataset?.options ?? {} });
      expect(r.file.trainingConfig.dataset.id).toBe(doc.dataset?.id);
    },
  );

  it('names a file with no doc string after the file, not its graph (torch writes “torch_jit”), and binds by shapes a binding that does not fit', () => {
    const decoded = decodeOnnx(cnn());
    if (!decoded.ok) throw new Error(decoded.error);
    const m = decoded.model;
    const torchLike = encodeOnnx({ ...m, graph: { ...m.graph, name: 'torch_jit' } });
    const r = importOnnx(torchLike, 'digits');
    expect(r.ok && r.file.diagram.name).toBe('digits');
    const moons = JSON.stringify({ id: 'moons', options: {} });
    const misbound = encodeOnnx({ ...m, metadata: [{ key: DATASET_METADATA, value: moons }] });
    const back = importOnnx(misbound, 'digits');
    expect(back.ok && back.file.trainingConfig.dataset).toMatchObject({ id: 'csv', featureShape: [64] });
    const noJson = encodeOnnx({ ...m, metadata: [{ key: DATASET_METADATA, value: '{"id": "moo' }] });
    expect(importOnnx(noJson, 'digits').ok).toBe(true);
  });

  it.each(Object.entries(NOT_IMPORTED))('%s: its ONNX form is refused, naming each op with no generator', (id, ops) => {
    expect(exported).toContain(id);
    const r = importOnnx(exportBytes(id), `${id}.onnx`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const named = r.errors.map((e) => /^node “[^”]+” \((\w+)\): ONNX's \1 has no Lensboard generator$/.exec(e.message));
    expect(
      named.every((m) => m !== null),
      r.errors.map((e) => e.message).join('\n'),
    ).toBe(true);
    expect([...new Set(named.map((m) => m?.[1]))].sort()).toEqual(ops);
  });

  it('draws a weight two nodes read (through Identity) as one parameter box wired to both', () => {
    const r = importOnnx(exportBytes('weight-tying'), 'weight-tying.onnx');
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    const { boxes, wires } = r.file.diagram;
    const linears = boxes.filter((b) => b.generator === 'linear').map((b) => b.id);
    expect(linears).toHaveLength(2);
    const feeding = new Set(
      wires.filter((w) => linears.includes(w.to.box) && w.to.port === 'W').map((w) => w.from.box),
    );
    expect(feeding.size).toBe(1);
    const [shared] = feeding;
    expect(boxes.find((b) => b.id === shared)?.generator).toBe('parameter');
    expect(r.weights.filter((w) => w.name === `${shared}.W`)).toHaveLength(1);
  });

  it.each([
    ['a PyTorch-style CNN', cnn, [32, 1, 8, 8]],
    ['an MLP with split and concat', mlp, [32, 6]],
  ] as [string, () => Uint8Array, number[]][])(
    '%s opens as a diagram that predicts what ONNX Runtime predicts',
    async (_, make, shape) => {
      const bytes = make();
      const input = floats(
        shape.reduce((a, b) => a * b, 1),
        rng(11),
      );
      const want = await runOnnx(bytes, [{ name: 'input', shape, data: input }]);
      expect(relativeError(predict(bytes, input, shape[0]), want.output)).toBeLessThan(1e-4);
    },
  );

  it('draws a big file as groups of about a hundred boxes that predict what ONNX Runtime predicts', async () => {
    const bytes = bigOnnx(400);
    const stages: string[] = [];
    const r = importOnnx(bytes, 'big.onnx', (p) => {
      if (stages.at(-1) !== p.stage) stages.push(p.stage);
    });
    if (!r.ok) throw new Error(r.errors[0].message);
    expect(stages).toEqual(['reading', 'drawing', 'grouping', 'checking', 'writing']);
    const { boxes, groups } = r.file.diagram;
    expect(groups.length).toBe(Math.ceil((boxes.length - 2) / 100));
    expect(boxes.filter((b) => !b.parent).map((b) => b.generator)).toEqual(['input', 'output']);
    const input = floats(8 * 4, rng(11));
    const want = await runOnnx(bytes, [{ name: 'input', shape: [8, 4], data: input }]);
    expect(relativeError(predict(bytes, input, 8), want.output)).toBeLessThan(1e-4);
  });

  it('carries the weights and binds the diagram to data of its shapes', () => {
    const r = importOnnx(cnn(), 'cnn.onnx');
    if (!r.ok) throw new Error(r.errors[0].message);
    const gens = r.file.diagram.boxes.map((b) => b.generator);
    expect(gens).toEqual(
      expect.arrayContaining(['input', 'correlate2d', 'broadcast', 'add', 'maxPool2d', 'flatten', 'linear', 'output']),
    );
    // The last Softmax is the loss's: the diagram predicts the logits, trained with softmax cross-entropy.
    expect(gens).not.toContain('softmax');
    expect(r.file.trainingConfig.loss).toBe('softmax-cross-entropy');
    expect(r.weights.map((w) => w.shape)).toEqual([[3, 3, 1, 3], [3], [27, 4], [4]]);
    const r3 = rng(3);
    floats(27, r3);
    expect(r.weights[1].data).toEqual(floats(3, r3));
    expect(r.file.trainingConfig.dataset).toMatchObject({ id: 'csv', featureShape: [64], labelShape: [4] });
    const xor = exampleCase('xor');
    const back = importOnnx(onnxTarget.write(xor.graph)[0].data as Uint8Array, 'xor.onnx');
    expect(back.ok && back.file.trainingConfig.dataset.id).toBe('xor');
  });

  it('refuses a file op by op, naming each node and its op', () => {
    const bytes = file(
      [node('LRN', ['input'], ['n1']), node('Relu', ['n1'], ['r']), node('Resize', ['r'], ['output'])],
      [],
      ['N', 4],
      ['N', 4],
    );
    const r = importOnnx(bytes, 'bad.onnx');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.message)).toEqual([
      "node “n1_node” (LRN): ONNX's LRN has no Lensboard generator",
      "node “output_node” (Resize): ONNX's Resize has no Lensboard generator",
    ]);
  });

  // What is still not drawn, refused by node and attribute: [op, attributes, extra initialisers, words the message names]
  const ints = (name: string, value: number[]) => ({ name, kind: 'ints' as const, value });
  const int = (name: string, value: number) => ({ name, kind: 'int' as const, value });
  const str = (name: string, value: string) => ({ name, kind: 'string' as const, value });
  const w = tensor('w', [2, 1, 3, 3], floats(18, rng(1)));
  const refusals: [string, string, OnnxNode['attributes'], string[], RegExp][] = [
    ['Conv', 'an auto_pad ONNX does not define', [str('auto_pad', 'SAME')], ['input', 'w'], /auto_pad = SAME is not/],
    ['Conv', 'a group that does not split the channels', [int('group', 2)], ['input', 'w'], /group = 2/],
    ['Conv', '3-D strides', [ints('strides', [1, 1, 1])], ['input', 'w'], /strides = \[1, 1, 1\]/],
    ['Conv', 'a kernel_shape unlike the filter', [ints('kernel_shape', [2, 2])], ['input', 'w'], /kernel_shape/],
    ['MaxPool', 'a rectangular window', [ints('kernel_shape', [2, 3])], ['input'], /kernel_shape = \[2, 3\]/],
    [
      'MaxPool',
      'two strides',
      [ints('kernel_shape', [2, 2]), ints('strides', [1, 2])],
      ['input'],
      /strides = \[1, 2\]/,
    ],
    ['MaxPool', 'dilations', [ints('kernel_shape', [2, 2]), ints('dilations', [2, 2])], ['input'], /dilations/],
    ['Pad', 'reflection', [str('mode', 'reflect')], ['input', 'pads'], /mode = reflect/],
    ['Flatten', 'an axis past the channels', [int('axis', 2)], ['input'], /axis other than 1/],
  ];
  it.each(refusals)('refuses %s with %s, naming the node and the attribute', (op, _what, attributes, inputs, words) => {
    const pads = tensor('pads', [8], [0, 0, 1, 1, 0, 0, 1, 1]);
    const bytes = file([node(op, inputs, ['output'], attributes)], [w, pads], ['N', 1, 8, 8], ['N', 2, 6, 6]);
    const r = importOnnx(bytes, 'refused.onnx');
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors[0]).toEqual({
      path: 'output_node',
      message: expect.stringMatching(new RegExp(`^node “output_node” \\(${op}\\): `)),
    });
    expect(errors[0].message).toMatch(words);
  });

  // Padding from sizes (auto_pad) and ceil mode's partial windows, one node each: [what, op, attributes, filter, in, out]
  const w4 = tensor('w', [1, 1, 4, 4], floats(16, rng(2)));
  const k = (n: number) => ints('kernel_shape', [n, n]);
  const s2 = ints('strides', [2, 2]);
  const sized: [string, string, OnnxNode['attributes'], boolean, number, number[]][] = [
    ['Conv SAME_UPPER, an even filter', 'Conv', [str('auto_pad', 'SAME_UPPER')], true, 7, [1, 7, 7]],
    ['Conv SAME_LOWER, an even filter', 'Conv', [str('auto_pad', 'SAME_LOWER')], true, 7, [1, 7, 7]],
    ['Conv SAME_UPPER, strided', 'Conv', [str('auto_pad', 'SAME_UPPER'), s2], true, 7, [1, 4, 4]],
    ['Conv VALID', 'Conv', [str('auto_pad', 'VALID')], true, 7, [1, 4, 4]],
    ['MaxPool ceil_mode', 'MaxPool', [k(3), s2, int('ceil_mode', 1)], false, 8, [1, 4, 4]],
    ['MaxPool SAME_UPPER', 'MaxPool', [k(2), s2, str('auto_pad', 'SAME_UPPER')], false, 7, [1, 4, 4]],
    ['AveragePool ceil_mode', 'AveragePool', [k(3), s2, int('ceil_mode', 1)], false, 8, [1, 4, 4]],
    [
      'AveragePool ceil_mode, counted padding',
      'AveragePool',
      [k(3), s2, ints('pads', [1, 1, 1, 1]), int('ceil_mode', 1), int('count_include_pad', 1)],
      false,
      8,
      [1, 5, 5],
    ],
    ['AveragePool uncounted padding', 'AveragePool', [k(3), ints('pads', [1, 1, 1, 1])], false, 8, [1, 8, 8]],
    ['AveragePool SAME_LOWER', 'AveragePool', [k(2), str('auto_pad', 'SAME_LOWER')], false, 7, [1, 7, 7]],
  ];
  it.each(sized)(
    '%s opens with explicit pads and predicts what ONNX Runtime predicts',
    async (_, op, attributes, filter, n, out) => {
      const inputs = filter ? ['input', 'w'] : ['input'];
      const size = out.reduce((a, b) => a * b, 1);
      // flattened after: Lensboard's outputs are vectors
      const nodes = [node(op, inputs, ['image'], attributes), node('Flatten', ['image'], ['output'])];
      const bytes = file(nodes, filter ? [w4] : [], ['N', 1, n, n], ['N', size]);
      const shape = [3, 1, n, n];
      const input = floats(3 * n * n, rng(5));
      const want = await runOnnx(bytes, [{ name: 'input', shape, data: input }]);
      expect(want.output.length).toBe(3 * size);
      expect(relativeError(predict(bytes, input, 3), want.output)).toBeLessThan(1e-6);
    },
  );

  it('never throws on corrupted files (seed printed)', () => {
    const good = cnn();
    const seed = fcSeed('onnx import fuzz');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(good.length - 1), fc.nat(255)), { minLength: 1, maxLength: 4 }), (flips) => {
        const bytes = good.slice();
        for (const [at, v] of flips) bytes[at] = v;
        const r = importOnnx(bytes, 'fuzz.onnx');
        if (!r.ok) expect(r.errors.every((e) => e.message.length > 0)).toBe(true);
      }),
      { seed, numRuns: 200 },
    );
  });
});
