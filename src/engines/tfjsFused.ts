/**
 * The fused pointwise step (core/fuse.ts) as one tfjs kernel, `LensboardFused`, registered for the
 * cpu, wasm and webgl backends:
 *   - cpu and wasm hold tensors as plain typed arrays (wasm in its heap), so the kernel runs the
 *     typed engine's tiled loops (./fusedLoops) on them directly: one pass instead of a tfjs
 *     kernel call, an allocation and a full-size write per op;
 *   - webgl runs one fragment shader per output, generated from the expression by ./fusedGlsl.
 * On any other backend the expression is replayed op by op through public tfjs ops.
 */
import * as tf from '@tensorflow/tfjs';
import { unreachable } from '../core/errors';
import type { FusedExpr } from '../core/kernel';
import { shapeSize } from '../core/shape';
import type { Floats } from './arena';
import { inputName, shaders, uniformName } from './fusedGlsl';
import { type FusedScratch, fusedScratch, runFused } from './fusedLoops';
import { binaries, unaries } from './tfjsOps';

const FUSED_KERNEL = 'LensboardFused';

interface FusedAttrs {
  readonly expr: FusedExpr;
  readonly shape: number[];
}

const scratches = new WeakMap<FusedExpr, FusedScratch>();
function scratchOf(expr: FusedExpr): FusedScratch {
  let s = scratches.get(expr);
  if (!s) {
    s = fusedScratch(expr, new Float32Array(0));
    scratches.set(expr, s);
  }
  return s;
}

export interface CpuLike {
  readSync(dataId: unknown): unknown;
  makeTensorInfo(shape: number[], dtype: 'float32', values: Float32Array): tf.TensorInfo;
}

interface WasmLike {
  typedArrayFromHeap(t: tf.TensorInfo): unknown;
  makeOutput(shape: number[], dtype: 'float32'): tf.TensorInfo;
}

interface WebglLike {
  runWebGLProgram(
    program: {
      variableNames: string[];
      outputShape: number[];
      userCode: string;
      packedInputs: boolean;
      packedOutput: boolean;
      customUniforms: { name: string; type: 'float' }[];
    },
    inputs: tf.TensorInfo[],
    dtype: 'float32',
    customUniformValues: number[][],
  ): tf.TensorInfo;
  readonly texData: {
    get(dataId: unknown): { texture?: unknown; values?: ArrayLike<number> | null; isPacked?: boolean };
  };
  packTensor(input: tf.TensorInfo): tf.TensorInfo;
  disposeIntermediateTensorInfo(t: tf.TensorInfo): void;
}

export type KernelArgs = { inputs: tf.NamedTensorInfoMap; attrs?: unknown; backend: unknown };

function ordered(inputs: tf.NamedTensorInfoMap, expr: FusedExpr): tf.TensorInfo[] {
  const xs: tf.TensorInfo[] = [];
  for (let r = 0; r < expr.nInputs; r++) xs.push(inputs[inputName(r)] as tf.TensorInfo);
  return xs;
}

function cpuFused({ inputs, attrs, backend }: KernelArgs): tf.TensorInfo[] {
  const { expr, shape } = attrs as FusedAttrs;
  const be = backend as CpuLike;
  const n = shapeSize(shape);
  const ins = ordered(inputs, expr).map((t) => be.readSync(t.dataId) as Floats);
  const outs = expr.outputs.map(() => new Float32Array(n));
  runFused(ins, outs, n, scratchOf(expr));
  return outs.map((o) => be.makeTensorInfo(shape, 'float32', o));
}

function wasmFused({ inputs, attrs, backend }: KernelArgs): tf.TensorInfo[] {
  const { expr, shape } = attrs as FusedAttrs;
  const be = backend as WasmLike;
  // Outputs first: growing the heap detaches the views taken before it.
  const outInfos = expr.outputs.map(() => be.makeOutput(shape, 'float32'));
  const ins = ordered(inputs, expr).map((t) => be.typedArrayFromHeap(t) as Floats);
  const outs = outInfos.map((t) => be.typedArrayFromHeap(t) as Floats);
  runFused(ins, outs, shapeSize(shape), scratchOf(expr));
  return outInfos;
}

/**
 * A scalar whose value is still in CPU memory (a host-known scalar: hyper-parameters, Adam's
 * bias-corrected gain) enters the shader as a uniform: tfjs does that only for unpacked programs,
 * and uploading it as a texture costs an upload and an encode program every step.
 */
function cpuScalar(be: WebglLike, x: tf.TensorInfo): number | undefined {
  if (shapeSize(x.shape) !== 1) return undefined;
  const data = be.texData.get(x.dataId);
  return data.texture == null && data.values != null ? Number(data.values[0]) : undefined;
}

function webglFused({ inputs, attrs, backend }: KernelArgs): tf.TensorInfo[] {
  const { expr, shape } = attrs as FusedAttrs;
  const be = backend as WebglLike;
  const xs = ordered(inputs, expr);
  const scalars = xs.map((x) => cpuScalar(be, x));
  const uniform = scalars.map((v) => v !== undefined);
  // Packed like tfjs's own pointwise programs, unless every input already on the GPU is
  // unpacked (reductions' and tiles' outputs, as in a loss): then unpacked, and nothing is
  // packed only to be read once.
  let anyPacked = false;
  let anyTexture = false;
  xs.forEach((x, r) => {
    if (uniform[r]) return;
    const data = be.texData.get(x.dataId);
    if (data.texture == null) return;
    anyTexture = true;
    if (data.isPacked) anyPacked = true;
  });
  const packedMode = anyPacked || !anyTexture;
  const programs = shaders(expr, uniform, packedMode);
  // tfjs packs an unpacked input (a reduction's or a tile's output) for every packed program
  // that reads it: an input two shaders read is packed once here instead.
  const readers = new Uint8Array(xs.length);
  for (const p of programs) for (const r of p.reads) readers[r]++;
  const packed: tf.TensorInfo[] = [];
  const texture = xs.map((x, r) => {
    const data = be.texData.get(x.dataId);
    if (!packedMode || readers[r] < 2 || data.texture == null || data.isPacked) return x;
    const p = be.packTensor(x);
    packed.push(p);
    return p;
  });
  const outs = programs.map(({ reads, uniforms, userCode }) =>
    be.runWebGLProgram(
      {
        variableNames: reads.map(inputName),
        outputShape: [...shape],
        userCode,
        packedInputs: packedMode,
        packedOutput: packedMode,
        customUniforms: uniforms.map((r) => ({ name: uniformName(r), type: 'float' as const })),
      },
      reads.map((r) => texture[r]),
      'float32',
      uniforms.map((r) => [scalars[r] as number]),
    ),
  );
  for (const p of packed) be.disposeIntermediateTensorInfo(p);
  return outs;
}

// ─── Registration and the call ───────────────────────────────────────────────────────────────

const implementations: Record<string, (args: KernelArgs) => tf.TensorInfo[]> = {
  cpu: cpuFused,
  wasm: wasmFused,
  webgl: webglFused,
};

function ensureRegistered(backendName: string): boolean {
  const impl = implementations[backendName];
  if (!impl) return false;
  if (!tf.getKernel(FUSED_KERNEL, backendName)) {
    tf.registerKernel({
      kernelName: FUSED_KERNEL,
      backendName,
      kernelFunc: impl as unknown as tf.KernelFunc,
    });
  }
  return true;
}

/** Replays the expression through tfjs ops: backends with no fused kernel. */
function byOps(expr: FusedExpr, inputs: readonly tf.Tensor[], shape: readonly number[]): tf.Tensor[] {
  return tf.tidy(() => {
    // tfjs broadcasts by shape: an input read `each` values at a time gets 1s on those axes.
    const regs: tf.Tensor[] = inputs.map((x, r) => {
      const each = expr.each?.[r] ?? 1;
      return each > 1 && x.size > 1 ? tf.reshape(x, leadingShape(shape, each)) : x;
    });
    for (const c of expr.code) {
      const a = regs[c.a];
      switch (c.op) {
        case 'unary':
          regs.push(unaries[c.fn](a));
          break;
        case 'binary':
          regs.push(binaries[c.fn](a, regs[c.b]));
          break;
        case 'scale':
          regs.push(tf.mul(a, c.c));
          break;
        case 'leakyRelu':
          regs.push(tf.leakyRelu(a, c.c));
          break;
        case 'leakyStep':
          regs.push(tf.step(a, c.c));
          break;
        default:
          unreachable(c, 'fused instruction');
      }
    }
    return expr.outputs.map((r) => tf.broadcastTo(regs[r], [...shape]));
  });
}

/*
 * On wasm, tfjs's own pointwise kernels are SIMD code at ~0.1–0.2 ns a value plus ~10 µs a call,
 * where the JS loops take ~1.7 ns a value-op: the fused kernel wins below a few thousand values
 * (biases, small layers, every step of a small model) and loses on a 784×128 weight's update.
 * Measured with bench/profile/train/kernels.ts; the crossover is near 6,000 values.
 */
const WASM_FUSED_MAX = 8192;

/** `shape` with its trailing axes that hold `each` values in all set to 1. */
function leadingShape(shape: readonly number[], each: number): number[] {
  const out = [...shape];
  let left = each;
  for (let d = out.length - 1; d >= 0 && left > 1; d--) {
    left /= out[d];
    out[d] = 1;
  }
  return out;
}

/** Runs a fused expression on the live backend. */
export function runFusedTf(expr: FusedExpr, inputs: readonly tf.Tensor[], shape: readonly number[]): tf.Tensor[] {
  const backend = tf.getBackend();
  if (!ensureRegistered(backend) || (backend === 'wasm' && shapeSize(shape) > WASM_FUSED_MAX)) {
    return byOps(expr, inputs, shape);
  }
  const named: tf.NamedTensorMap = {};
  inputs.forEach((t, r) => {
    const each = expr.each?.[r] ?? 1;
    // webgl samplers broadcast by shape: an input whose values repeat `each` times in a row is
    // the leading part of the output's shape with the repeated axes kept as 1s.
    named[inputName(r)] = backend === 'webgl' && each > 1 && t.size > 1 ? tf.reshape(t, leadingShape(shape, each)) : t;
  });
  const attrs = { expr, shape: [...shape] } as unknown as tf.NamedAttrMap;
  const out = tf.engine().runKernel(FUSED_KERNEL, named, attrs) as tf.Tensor | tf.Tensor[];
  return Array.isArray(out) ? out : [out];
}
