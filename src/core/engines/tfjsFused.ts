/**
 * The fused pointwise step (../fuse) as one tfjs kernel, `LensboardFused`, registered for the
 * cpu, wasm and webgl backends:
 *   - cpu and wasm hold tensors as plain typed arrays (wasm in its heap), so the kernel runs the
 *     typed engine's tiled loops (./fusedLoops) on them directly: one pass instead of a tfjs
 *     kernel call, an allocation and a full-size write per op;
 *   - webgl runs one packed fragment shader per output, generated from the expression (each
 *     output's shader computes only what that output needs). Shader source is data handed to WebGL, not
 *     script, so the page's CSP (no eval) is untouched.
 * On any other backend the expression is replayed op by op through public tfjs ops.
 */
import * as tf from '@tensorflow/tfjs';
import type { FusedExpr, FusedInstr } from '../fuse';
import type { BinaryOp, UnaryOp } from '../kernel';
import type { Floats } from './arena';
import { type FusedScratch, fusedScratch, runFused } from './fusedLoops';
import { binaries, unaries } from './tfjsOps';
import { matmulInto } from './typedLoops';

export const FUSED_KERNEL = 'LensboardFused';

interface FusedAttrs {
  readonly expr: FusedExpr;
  readonly shape: number[];
}

const inputName = (r: number) => `x${r}`;

const scratches = new WeakMap<FusedExpr, FusedScratch>();
function scratchOf(expr: FusedExpr): FusedScratch {
  let s = scratches.get(expr);
  if (!s) {
    s = fusedScratch(expr, new Float32Array(0));
    scratches.set(expr, s);
  }
  return s;
}

const sizeOf = (shape: readonly number[]) => shape.reduce((a, b) => a * b, 1);

interface CpuLike {
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

type KernelArgs = { inputs: tf.NamedTensorInfoMap; attrs?: unknown; backend: unknown };

function ordered(inputs: tf.NamedTensorInfoMap, expr: FusedExpr): tf.TensorInfo[] {
  const xs: tf.TensorInfo[] = [];
  for (let r = 0; r < expr.nInputs; r++) xs.push(inputs[inputName(r)] as tf.TensorInfo);
  return xs;
}

function cpuFused({ inputs, attrs, backend }: KernelArgs): tf.TensorInfo[] {
  const { expr, shape } = attrs as FusedAttrs;
  const be = backend as CpuLike;
  const n = sizeOf(shape);
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
  runFused(ins, outs, sizeOf(shape), scratchOf(expr));
  return outInfos;
}

/**
 * A scalar whose value is still in CPU memory (a host-known scalar: hyper-parameters, Adam's
 * bias-corrected gain) enters the shader as a uniform: tfjs does that only for unpacked programs,
 * and uploading it as a texture costs an upload and an encode program every step.
 */
function cpuScalar(be: WebglLike, x: tf.TensorInfo): number | undefined {
  if (sizeOf(x.shape) !== 1) return undefined;
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

const uniformName = (r: number) => `lbU${r}`;

// ─── GLSL ────────────────────────────────────────────────────────────────────────────────────

/*
 * The shaders are mostly *packed*, as tfjs's own pointwise programs are: each texel holds a 2×2
 * block of values as a vec4. Packed inputs need no unpack pass and the outputs feed the next
 * packed matMul with no pack pass. Lanes outside the data (odd sizes) hold whatever the
 * arithmetic gives; TfjsKernel's matMul workaround already keeps such lanes out of every
 * product. When every input on the GPU is unpacked, the same source is made with `float`
 * (see webglFused). So every operation below is written to hold for vec4 and float alike:
 * GLSL's arithmetic and exp/log/sqrt/max/abs/sign act per component, and comparisons go
 * through lbPos, which has both overloads.
 */

/** GLSL for each unary op of x. tanh and softplus in forms that do not overflow. */
const glslUnary: Record<UnaryOp, (x: string) => string> = {
  neg: (x) => `-${x}`,
  sigmoid: (x) => `1.0 / (1.0 + exp(-${x}))`,
  tanh: (x) => `lbTanh(${x})`,
  relu: (x) => `max(${x}, 0.0)`,
  step: (x) => `lbPos(${x})`,
  exp: (x) => `exp(${x})`,
  log: (x) => `log(${x})`,
  square: (x) => `${x} * ${x}`,
  sqrt: (x) => `sqrt(${x})`,
  reciprocal: (x) => `1.0 / ${x}`,
  softplus: (x) => `max(${x}, 0.0) + log(1.0 + exp(-abs(${x})))`,
  mod2: (x) => `(${x} - 2.0 * floor(${x} / 2.0))`,
  not: (x) => `1.0 - ${x}`,
};

const glslBinary: Record<BinaryOp, (a: string, b: string) => string> = {
  add: (a, b) => `${a} + ${b}`,
  sub: (a, b) => `${a} - ${b}`,
  mul: (a, b) => `${a} * ${b}`,
  div: (a, b) => `${a} / ${b}`,
  xor: (a, b) => `mod(${a} + ${b}, 2.0)`,
  and: (a, b) => `${a} * ${b}`,
};

const HELPERS = `
vec4 lbPos(vec4 x) {
  return vec4(greaterThan(x, vec4(0.0)));
}
float lbPos(float x) {
  return x > 0.0 ? 1.0 : 0.0;
}
vec4 lbTanh(vec4 x) {
  vec4 e = exp(-2.0 * abs(x));
  return sign(x) * (1.0 - e) / (1.0 + e);
}
float lbTanh(float x) {
  float e = exp(-2.0 * abs(x));
  return sign(x) * (1.0 - e) / (1.0 + e);
}
`;

/** A JS number as a GLSL float literal. */
export function glslFloat(c: number): string {
  if (Number.isNaN(c)) return '(0.0 / 0.0)';
  if (!Number.isFinite(c)) return c > 0 ? '(1.0 / 0.0)' : '(-1.0 / 0.0)';
  const s = String(c);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

/** The GLSL type of a value: a 2×2 block in a packed shader, one value in an unpacked one. */
type Lane = 'vec4' | 'float';

function glslInstr(c: FusedInstr, reg: (r: number) => string, t: Lane): string {
  const a = reg(c.a);
  switch (c.op) {
    case 'unary':
      return glslUnary[c.fn](a);
    case 'binary':
      return glslBinary[c.fn](a, reg(c.b));
    case 'scale':
      return `${glslFloat(c.c)} * ${a}`;
    case 'leakyRelu':
      return `mix(${glslFloat(c.c)} * ${a}, ${a}, lbPos(${a}))`;
    case 'leakyStep':
      return `mix(${t}(${glslFloat(c.c)}), ${t}(1.0), lbPos(${a}))`;
  }
}

interface Shader {
  /** Inputs read as textures, and inputs read as uniforms (host-known scalars). */
  readonly reads: number[];
  readonly uniforms: number[];
  readonly userCode: string;
}

const shaderCache = new WeakMap<FusedExpr, Map<string, Shader[]>>();

/** One shader per output: the inputs it reads (`uniform[r]`: input r is a uniform) and its source. */
export function shaders(expr: FusedExpr, uniform: readonly boolean[] = [], packed = true): Shader[] {
  const t: Lane = packed ? 'vec4' : 'float';
  let byMask = shaderCache.get(expr);
  if (!byMask) {
    byMask = new Map();
    shaderCache.set(expr, byMask);
  }
  const mask = `${t}:${uniform.map((u) => (u ? '1' : '0')).join('')}`;
  const known = byMask.get(mask);
  if (known) return known;
  const made = expr.outputs.map((out) => {
    const needed = new Uint8Array(expr.nInputs + expr.code.length);
    needed[out] = 1;
    for (let r = needed.length - 1; r >= expr.nInputs; r--) {
      if (!needed[r]) continue;
      const c = expr.code[r - expr.nInputs];
      needed[c.a] = 1;
      if (c.op === 'binary') needed[c.b] = 1;
    }
    const reads: number[] = [];
    const uniforms: number[] = [];
    const lines: string[] = [];
    for (let r = 0; r < expr.nInputs; r++) {
      if (!needed[r]) continue;
      if (uniform[r]) {
        lines.push(`  ${t} r${r} = ${t}(${uniformName(r)});`);
        uniforms.push(r);
        continue;
      }
      const name = inputName(r);
      lines.push(`  ${t} r${r} = get${name[0].toUpperCase()}${name.slice(1)}AtOutCoords();`);
      reads.push(r);
    }
    for (let r = expr.nInputs; r < needed.length; r++) {
      if (needed[r]) lines.push(`  ${t} r${r} = ${glslInstr(expr.code[r - expr.nInputs], (q) => `r${q}`, t)};`);
    }
    lines.push(`  setOutput(r${out});`);
    return { reads, uniforms, userCode: `${HELPERS}\nvoid main() {\n${lines.join('\n')}\n}\n` };
  });
  byMask.set(mask, made);
  return made;
}

// ─── matMul on cpu ───────────────────────────────────────────────────────────────────────────

export const MATMUL_KERNEL = 'LensboardMatMul';

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
    const regs: tf.Tensor[] = [...inputs];
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
      }
    }
    return expr.outputs.map((r) => tf.broadcastTo(regs[r], [...shape]));
  });
}

/*
 * On wasm, tfjs's own pointwise kernels are SIMD code at ~0.1–0.2 ns a value plus ~10 µs a call,
 * where the JS loops take ~1.7 ns a value-op: the fused kernel wins below a few thousand values
 * (biases, small layers, every step of a small model) and loses on a 784×128 weight's update.
 * Measured with bench/profile/kernels.ts; the crossover is near 6,000 values.
 */
const WASM_FUSED_MAX = 8192;

/** Runs a fused expression on the live backend. */
export function runFusedTf(expr: FusedExpr, inputs: readonly tf.Tensor[], shape: readonly number[]): tf.Tensor[] {
  const backend = tf.getBackend();
  if (!ensureRegistered(backend) || (backend === 'wasm' && sizeOf(shape) > WASM_FUSED_MAX)) {
    return byOps(expr, inputs, shape);
  }
  const named: tf.NamedTensorMap = {};
  inputs.forEach((t, r) => {
    named[inputName(r)] = t;
  });
  const attrs = { expr, shape: [...shape] } as unknown as tf.NamedAttrMap;
  const out = tf.engine().runKernel(FUSED_KERNEL, named, attrs) as tf.Tensor | tf.Tensor[];
  return Array.isArray(out) ? out : [out];
}
