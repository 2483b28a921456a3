/**
 * 2-D products on tfjs's cpu backend through the typed engine's loops, as a registered kernel
 * (`LensboardMatMul`) with the product rule as its gradient.
 */
import * as tf from '@tensorflow/tfjs';
import type { Floats } from './arena';
import { matmulInto } from './matmulLoops';
import type { CpuLike, KernelArgs } from './tfjsFused';

const MATMUL_KERNEL = 'LensboardMatMul';

interface MatMulAttrs {
  readonly transA: boolean;
  readonly transB: boolean;
}

let matmulAcc = new Float64Array(64);

/**
 * tfjs's cpu BatchMatMul is a general batched, blocked loop; the typed engine's matmul
 * (./typedLoops) keeps every inner loop contiguous and skips zero entries of a (relu outputs,
 * one-hot data), and runs 784-128-10's products about 3× faster. The cpu backend holds plain
 * Float32Arrays, so the compiled Program's 2-D products run those loops on them directly.
 */
function cpuMatMul({ inputs, attrs, backend }: KernelArgs): tf.TensorInfo {
  const { transA, transB } = attrs as MatMulAttrs;
  const be = backend as CpuLike;
  const { a, b } = inputs as { a: tf.TensorInfo; b: tf.TensorInfo };
  const [ar, ac] = a.shape;
  const [br, bc] = b.shape;
  const [n, k] = transA ? [ac, ar] : [ar, ac];
  const m = transB ? br : bc;
  const out = new Float32Array(n * m);
  if (matmulAcc.length < m) matmulAcc = new Float64Array(m);
  matmulInto(
    be.readSync(a.dataId) as Floats,
    ac,
    be.readSync(b.dataId) as Floats,
    bc,
    out,
    n,
    m,
    k,
    transA,
    transB,
    matmulAcc,
  );
  return be.makeTensorInfo([n, m], 'float32', out);
}

/** The product rule, so that tf.grad (the core's second oracle) sees through the kernel. */
function matMulGrad(dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[], attrs: tf.NamedAttrMap) {
  const [a, b] = saved as tf.Tensor2D[];
  const d = dy as tf.Tensor2D;
  const { transA, transB } = attrs as unknown as MatMulAttrs;
  const mm = (x: tf.Tensor2D, y: tf.Tensor2D, tx: boolean, ty: boolean) => tf.matMul(x, y, tx, ty);
  if (!transA && !transB) return { a: () => mm(d, b, false, true), b: () => mm(a, d, true, false) };
  if (!transA && transB) return { a: () => mm(d, b, false, false), b: () => mm(d, a, true, false) };
  if (transA && !transB) return { a: () => mm(b, d, false, true), b: () => mm(a, d, false, false) };
  return { a: () => mm(b, d, true, true), b: () => mm(d, a, true, true) };
}

/** a·b of 2-D float32 tensors on cpu through the typed loops, or undefined on other backends. */
export function cpuMatMulTf(a: tf.Tensor, b: tf.Tensor, transA: boolean, transB: boolean): tf.Tensor | undefined {
  if (tf.getBackend() !== 'cpu' || a.rank !== 2 || b.rank !== 2 || a.dtype !== 'float32' || b.dtype !== 'float32') {
    return undefined;
  }
  if (!tf.getKernel(MATMUL_KERNEL, 'cpu')) {
    tf.registerKernel({
      kernelName: MATMUL_KERNEL,
      backendName: 'cpu',
      kernelFunc: cpuMatMul as unknown as tf.KernelFunc,
    });
    tf.registerGradient({ kernelName: MATMUL_KERNEL, inputsToSave: ['a', 'b'], gradFunc: matMulGrad });
  }
  const attrs = { transA, transB } as unknown as tf.NamedAttrMap;
  return tf.engine().runKernel(MATMUL_KERNEL, { a, b }, attrs) as tf.Tensor;
}
