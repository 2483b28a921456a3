/**
 * The fused pointwise step (core/fuse.ts) as GLSL for tfjs's webgl backend: one fragment shader per
 * output, computing only what that output needs, packed (a vec4 per 2×2 block of values) or
 * unpacked (a float per value). Used by ./tfjsFused; the source is data handed to WebGL, not
 * script, so the page's CSP (no eval) is untouched.
 */
import { unreachable } from '../core/errors';
import type { BinaryOp, FusedExpr, FusedInstr, UnaryOp } from '../core/kernel';

/** The kernel's name for input r, and the uniform that carries input r when it is a host scalar. */
export const inputName = (r: number) => `x${r}`;
export const uniformName = (r: number) => `lbU${r}`;

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
  erf: (x) => `lbErf(${x})`,
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
float lbErf(float x) {
  // Abramowitz & Stegun 7.1.26: |error| < 1.5e-7, below float32's resolution near 1
  float t = 1.0 / (1.0 + 0.3275911 * abs(x));
  float p = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign(x) * (1.0 - p * exp(-x * x));
}
vec4 lbErf(vec4 x) {
  return vec4(lbErf(x.x), lbErf(x.y), lbErf(x.z), lbErf(x.w));
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
    default:
      return unreachable(c, 'fused instruction');
  }
}

export interface Shader {
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
