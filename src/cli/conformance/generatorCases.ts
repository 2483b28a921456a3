/**
 * The conformance suite's generator cases (conformance/README.md): every generator of the
 * registry, in the forms a runtime computes differently (batched or not, axes, transposes,
 * broadcasting), each drawn as a small model around one box. A batched input comes from the
 * data, an unbatched one is a parameter; the suite's test holds this list to the registry.
 */
import type { Config } from '../../core/diagram';
import type { WireType } from '../../core/wire';

export interface GeneratorCase {
  /** The case's id in the suite: `gen-<generator>` and, for a further form, a suffix. */
  readonly id: string;
  readonly gen: string;
  readonly config: Config;
  /** The box's inputs in port order: batched ones are data, unbatched ones parameters. */
  readonly inputs: readonly WireType[];
  /** Values are drawn from [lo, hi); ℤ₂ wires hold 0 or 1. */
  readonly range?: readonly [number, number];
  /** Rows of input (3 unless set): a ℤ₂ sum over the batch needs enough to tell mod 2 from a plain sum. */
  readonly rows?: number;
}

const r = (shape: number[]): WireType => ({ field: 'real', shape, batch: true });
const p = (shape: number[]): WireType => ({ field: 'real', shape, batch: false });
const z = (shape: number[]): WireType => ({ field: 'z2', shape, batch: true });
const zp = (shape: number[]): WireType => ({ field: 'z2', shape, batch: false });
const positive = [0.25, 2] as const;

const c = (id: string, gen: string, config: Config, inputs: WireType[], range?: readonly [number, number]) => ({
  id: id === '' ? `gen-${gen}` : `gen-${gen}-${id}`,
  gen,
  config,
  inputs,
  ...(range ? { range } : {}),
});

const pointwise = ['sigmoid', 'tanh', 'relu', 'exp', 'square', 'softplus', 'step', 'softmax', 'negate'];

export const GENERATOR_CASES: readonly GeneratorCase[] = [
  c('', 'copy', { n: 3 }, [r([3])]),
  c('', 'discard', {}, [r([3])]),
  c('', 'swap', {}, [r([3]), r([2])]),
  c('', 'zero', { shape: [3], field: 'real', batch: true }, []),
  c('unbatched', 'zero', { shape: [2, 2], field: 'real', batch: false }, []),
  c('', 'constant', { value: -1.25, shape: [3], batch: true }, []),
  c('unbatched', 'constant', { value: 2.5, shape: [2, 3], batch: false }, []),
  c('', 'add', {}, [r([3]), r([3])]),
  c('scalar', 'add', {}, [r([3]), p([])]),
  c('unbatched', 'add', {}, [r([2, 3]), p([2, 3])]),
  c('', 'subtract', {}, [r([2, 3]), r([2, 3])]),
  c('scalar', 'subtract', {}, [p([]), r([2, 3])]),
  c('', 'multiply', {}, [r([3]), r([3])]),
  c('unbatched', 'multiply', {}, [p([4]), r([4])]),
  c('', 'scale', { c: -1.5 }, [r([3])]),
  c('', 'sumBatch', {}, [r([2, 3])]),
  c('', 'broadcastBatch', {}, [p([2, 3])]),
  c('', 'linear', { in: 3, out: 2 }, [p([3, 2]), r([3])]),
  c('unbatched', 'linear', { in: 3, out: 2 }, [p([3, 2]), p([3])]),
  c('', 'linearT', { in: 3, out: 2 }, [p([3, 2]), r([2])]),
  c('unbatched', 'linearT', { in: 3, out: 2 }, [p([3, 2]), p([2])]),
  c('', 'outer', { in: 3, out: 2 }, [r([3]), r([2])]),
  c('unbatched', 'outer', { in: 3, out: 2 }, [p([3]), p([2])]),
  c('', 'bias', {}, [p([3]), r([3])]),
  c('', 'matmul', { transA: false, transB: false }, [p([2, 3]), p([3, 4])]),
  c('transA', 'matmul', { transA: true, transB: false }, [p([3, 2]), p([3, 4])]),
  c('transB', 'matmul', { transA: false, transB: true }, [p([2, 3]), p([4, 3])]),
  c('', 'batchMatmul', { transA: false, transB: false }, [r([2, 3, 2]), r([2, 2, 4])]),
  c('transB', 'batchMatmul', { transA: false, transB: true }, [r([3, 2]), r([4, 2])]),
  c('transA', 'batchMatmul', { transA: true, transB: false }, [r([2, 3]), r([2, 4])]),
  c('unbatched', 'batchMatmul', { transA: true, transB: true }, [p([2, 3, 2]), p([2, 4, 3])]),
  c('', 'transpose', { perm: [1, 0] }, [r([2, 3])]),
  c('heads', 'transpose', { perm: [1, 0, 2] }, [r([2, 3, 2])]),
  c('unbatched', 'transpose', { perm: [1, 0] }, [p([2, 3])]),
  c('', 'embedding', { vocab: 4, width: 3 }, [p([4, 3]), r([5])], [0, 3]),
  c('', 'embeddingBack', { vocab: 4, width: 2 }, [r([3]), r([3, 2])], [0, 3]),
  ...pointwise.map((gen) => c('', gen, {}, [r([5])])),
  c('rows', 'softmax', {}, [r([2, 4])]),
  c('', 'layerNorm', { eps: 1e-5 }, [r([5])]),
  c('rows', 'layerNorm', { eps: 0.01 }, [r([3, 4])]),
  c('axis', 'softmax', { axis: 0, causal: false }, [r([3, 2])]),
  c('causal', 'softmax', { axis: -1, causal: true }, [r([3, 3])]),
  c('heads', 'softmax', { axis: -1, causal: true }, [r([2, 3, 3])]),
  ...['log', 'sqrt', 'reciprocal'].map((gen) => c('', gen, {}, [r([5])], positive)),
  c('', 'leakyRelu', { alpha: 0.3 }, [r([5])]),
  c('', 'leakyStep', { alpha: 0.3 }, [r([5])]),
  c('', 'erf', {}, [r([5])]),
  c('', 'gelu', { approximate: 'none' }, [r([5])]),
  c('tanh', 'gelu', { approximate: 'tanh' }, [r([5])]),
  c('', 'elu', { alpha: 0.7 }, [r([5])]),
  c('', 'clip', { min: -0.5, max: 0.25 }, [r([5])]),
  c('', 'inside', { min: -0.5, max: 0.25 }, [r([5])]),
  c('', 'sumFeatures', { axis: -1 }, [r([2, 3])]),
  c('axis1', 'sumFeatures', { axis: 1 }, [r([2, 3, 2])]),
  c('unbatched', 'sumFeatures', { axis: 0 }, [p([2, 3])]),
  c('', 'broadcast', { shape: [2, 3], axis: 0 }, [r([3])]),
  c('scalar', 'broadcast', { shape: [4], axis: -1 }, [p([])]),
  c('axis1', 'broadcast', { shape: [2, 4, 3], axis: 1 }, [r([2, 3])]),
  c('', 'reshape', { shape: [3, 2] }, [r([2, 3])]),
  c('', 'flatten', {}, [r([2, 3])]),
  c('', 'concat', { n: 3 }, [r([2]), r([3]), r([1])]),
  c('rows', 'concat', { n: 2 }, [r([2, 1]), r([2, 3])]),
  c('', 'split', { sizes: [2, 3] }, [r([5])]),
  c('rows', 'split', { sizes: [1, 3, 2] }, [r([2, 6])]),
  c('', 'channelMean', {}, [r([3, 2])]),
  c('', 'batchNorm', {}, [r([2, 3])]),
  c('', 'correlate2d', {}, [p([2, 2, 2, 3]), r([5, 5, 2])]),
  c('geometry', 'correlate2d', { pads: [1, 0, 2, 1], strides: [2, 1], dilations: [1, 2], groups: 2 }, [
    p([2, 2, 1, 4]),
    r([5, 4, 2]),
  ]),
  c('strided', 'maxPool2d', { k: 3, stride: 2, pads: [1, 1, 1, 0] }, [r([5, 4, 2])]),
  c('', 'conv2dBackInput', {}, [p([2, 2, 2, 3]), r([4, 4, 3])]),
  c('', 'conv2dBackFilter', {}, [r([5, 5, 2]), r([4, 4, 3])]),
  c('', 'maxPool2d', { k: 2 }, [r([5, 4, 2])]),
  c('', 'maxPoolBack', { k: 2 }, [r([4, 4, 2]), r([2, 2, 2])]),
  c('', 'maxPoolSelect', { k: 2 }, [r([4, 4, 2]), r([4, 4, 2])]),
  c('', 'xor', {}, [z([3]), z([3])]),
  c('', 'and', {}, [z([3]), zp([3])]),
  c('', 'not', {}, [z([3])]),
  c('', 'one', { shape: [3], batch: true }, []),
  c('', 'parity', {}, [z([4])]),
  c('', 'basis', {}, [z([3])]),
  { ...c('z2', 'sumBatch', {}, [z([3])]), rows: 8 },
  c('z2', 'copy', { n: 2 }, [z([3])]),
];
