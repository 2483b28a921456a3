/**
 * Small ONNX files written the way other frameworks write them (NCHW images, Gemm with a
 * transposed weight, Split and Concat), for the import's tests and the Open e2e (docs/export.md).
 */
import {
  encodeOnnx,
  IR_VERSION,
  ONNX_FLOAT,
  ONNX_INT64,
  type OnnxNode,
  type OnnxTensor,
  OPSET,
} from '../export/onnx/model';

export const rng = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
export const floats = (n: number, r: () => number) => Float32Array.from({ length: n }, () => r() - 0.5);
export const tensor = (name: string, dims: number[], values: Float32Array | number[]): OnnxTensor =>
  values instanceof Float32Array
    ? { name, dims, dataType: ONNX_FLOAT, values }
    : { name, dims, dataType: ONNX_INT64, values };
export const node = (
  opType: string,
  inputs: string[],
  outputs: string[],
  attributes: OnnxNode['attributes'] = [],
): OnnxNode => ({
  name: `${outputs[0]}_node`,
  opType,
  inputs,
  outputs,
  attributes,
});

export function file(
  nodes: OnnxNode[],
  initializers: OnnxTensor[],
  input: (number | string)[],
  output: (number | string)[],
) {
  return encodeOnnx({
    irVersion: IR_VERSION,
    opset: OPSET,
    producer: 'a test',
    docString: '',
    graph: {
      name: 'imported',
      nodes,
      initializers,
      inputs: [{ name: 'input', elemType: ONNX_FLOAT, shape: input }],
      outputs: [{ name: 'output', elemType: ONNX_FLOAT, shape: output }],
    },
  });
}

/** A small CNN as PyTorch exports one: NCHW, Conv with bias, MaxPool, Flatten, Gemm(transB), Softmax. */
export const cnn = (): Uint8Array => convNet(8, 4, 3);

/** The same CNN for MNIST's 28×28 digits and 10 classes (it opens bound to MNIST), untrained. */
export const mnistCnn = (): Uint8Array => convNet(28, 10, 11);

/** 3 filters 3×3, ReLU, max pool 2×2, a dense layer to `classes`, Softmax, on a side×side image. */
function convNet(side: number, classes: number, seed: number): Uint8Array {
  const r = rng(seed);
  const pooled = 3 * Math.floor((side - 2) / 2) ** 2;
  return file(
    [
      node(
        'Conv',
        ['input', 'conv.weight', 'conv.bias'],
        ['c1'],
        [{ name: 'kernel_shape', kind: 'ints', value: [3, 3] }],
      ),
      node('Relu', ['c1'], ['r1']),
      node(
        'MaxPool',
        ['r1'],
        ['p1'],
        [
          { name: 'kernel_shape', kind: 'ints', value: [2, 2] },
          { name: 'strides', kind: 'ints', value: [2, 2] },
        ],
      ),
      node('Flatten', ['p1'], ['f1'], [{ name: 'axis', kind: 'int', value: 1 }]),
      node('Gemm', ['f1', 'fc.weight', 'fc.bias'], ['g1'], [{ name: 'transB', kind: 'int', value: 1 }]),
      node('Softmax', ['g1'], ['output'], [{ name: 'axis', kind: 'int', value: 1 }]),
    ],
    [
      tensor('conv.weight', [3, 1, 3, 3], floats(27, r)),
      tensor('conv.bias', [3], floats(3, r)),
      tensor('fc.weight', [classes, pooled], floats(classes * pooled, r)),
      tensor('fc.bias', [classes], floats(classes, r)),
    ],
    ['N', 1, side, side],
    ['N', classes],
  );
}

/** An MLP with the plumbing ops: Split, Tanh, Sigmoid, Concat, MatMul, Add, Reshape, Relu, Sub. */
export function mlp(): Uint8Array {
  const r = rng(5);
  return file(
    [
      node('Split', ['input', 'sizes'], ['a', 'b'], [{ name: 'axis', kind: 'int', value: -1 }]),
      node('Tanh', ['a'], ['ta']),
      node('Sigmoid', ['b'], ['sb']),
      node('Concat', ['ta', 'sb'], ['cat'], [{ name: 'axis', kind: 'int', value: 1 }]),
      node('MatMul', ['cat', 'W'], ['h']),
      node('Add', ['h', 'bias'], ['hb']),
      node('Relu', ['hb'], ['rh']),
      node('Sub', ['rh', 'hb'], ['diff']),
      node('Reshape', ['diff', 'shape'], ['output']),
    ],
    [
      tensor('sizes', [2], [2, 4]),
      tensor('W', [6, 5], floats(30, r)),
      tensor('bias', [5], floats(5, r)),
      tensor('shape', [2], [0, -1]),
    ],
    ['N', 6],
    ['N', 5],
  );
}

/**
 * A deep residual MLP of about `nodes` ONNX nodes, as an exporter writes a big model: blocks of
 * MatMul, Add (a bias initialiser), Tanh and a residual Add, every weight its own initialiser but
 * every tenth block of each hundred reading one shared weight (a tied weight, drawn as one parameter box).
 * `width` features throughout; the import's speed tests and the Open e2e read it.
 */
export function bigOnnx(nodes: number, width = 4): Uint8Array {
  const r = rng(11);
  const blocks = Math.max(1, Math.floor(nodes / 4));
  const ns: OnnxNode[] = [];
  const inits: OnnxTensor[] = [];
  let h = 'input';
  for (let b = 0; b < blocks; b++) {
    const shared = `shared${Math.floor(b / 100)}.W`;
    if (b % 100 === 9) inits.push(tensor(shared, [width, width], floats(width * width, r)));
    const w = b % 10 === 9 ? shared : `block${b}.W`;
    if (w !== shared) inits.push(tensor(w, [width, width], floats(width * width, r)));
    inits.push(tensor(`block${b}.b`, [width], floats(width, r)));
    const out = b === blocks - 1 ? 'output' : `h${b}`;
    ns.push(
      node('MatMul', [h, w], [`m${b}`]),
      node('Add', [`m${b}`, `block${b}.b`], [`a${b}`]),
      node('Tanh', [`a${b}`], [`t${b}`]),
      node('Add', [`t${b}`, h], [out]),
    );
    h = out;
  }
  return file(ns, inits, ['N', width], ['N', width]);
}
