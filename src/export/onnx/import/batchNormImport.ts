/**
 * BatchNormalization as ONNX writes it (docs/export.md, "Import back"). In inference mode it is
 * the per-channel affine map its running statistics fold into: a multiply by γ/√(σ² + ε) and a
 * bias β − μ·γ/√(σ² + ε), both parameters. In training mode (the attribute training_mode = 1, or
 * — before opset 14 — the running and saved statistics among its outputs, as torch.onnx.export
 * writes a model in TrainingMode.TRAINING) it normalises by the batch's own mean and variance:
 * Lensboard's batchNorm box (docs/generators.md), then γ and β as a per-channel multiply and bias,
 * both parameters. The running statistics are not state in Lensboard; an output of them that
 * another node reads is refused there, naming it as made by no node drawn.
 */
import type { OnnxTensor } from '../model';
import type { Value } from './drawing';
import { type Ctx, data, floatAttr, intAttr, permOf, refuse, size, weight } from './nodeReading';

/** The node's per-channel γ, β, μ and σ², checked against the channel count. */
function statistics(c: Ctx, channels: number): OnnxTensor[] {
  const ts = [1, 2, 3, 4].map((k) => weight(c, k));
  for (const t of ts)
    if (t.values.length !== channels) refuse(`its “${t.name}” has ${t.values.length} values for ${channels} channels`);
  return ts;
}

/** γ/√(σ² + ε) and β − μ·γ/√(σ² + ε), channel by channel. */
function affineOf(c: Ctx, channels: number): { scale: Float32Array; shift: Float32Array } {
  const [gamma, beta, mean, variance] = statistics(c, channels);
  const eps = floatAttr(c.node, 'epsilon', 1e-5);
  const scale = Float32Array.from(
    { length: channels },
    (_, k) => Number(gamma.values[k]) / Math.sqrt(Number(variance.values[k]) + eps),
  );
  const shift = Float32Array.from(
    { length: channels },
    (_, k) => Number(beta.values[k]) - Number(mean.values[k]) * scale[k],
  );
  return { scale, shift };
}

/** γ and β as they are, for training mode. */
function gammaBeta(c: Ctx, channels: number): { scale: Float32Array; shift: Float32Array } {
  const [gamma, beta] = statistics(c, channels);
  return {
    scale: Float32Array.from(gamma.values as Float32Array),
    shift: Float32Array.from(beta.values as Float32Array),
  };
}

/** The shortest decimal that is the same float32 (ONNX keeps ε as float32: 1e-5, not 9.9999997e-6). */
function float32Decimal(x: number): number {
  for (let digits = 1; digits < 10; digits++) {
    const d = Number(x.toPrecision(digits));
    if (Math.fround(d) === Math.fround(x)) return d;
  }
  return x;
}

/** A per-channel parameter of an image broadcast to the image's shape. */
function perChannel(c: Ctx, name: string, values: Float32Array, like: Value): Value {
  const [h, w, ch] = like.shape;
  const p = c.d.param(name, [ch], values);
  const row = c.d.box('broadcast', { shape: [w, ch], axis: 0 }, `${name}_w`, [p]).out(0, [w, ch]);
  return c.d.box('broadcast', { shape: [h, w, ch], axis: 0 }, `${name}_h`, [row]).out(0, [h, w, ch]);
}

/** x·scale + shift per channel: of an image's last axis, or of a vector's entries (in Lensboard's order). */
function affine(c: Ctx, x: Value, of: (channels: number) => { scale: Float32Array; shift: Float32Array }): Value {
  const name = c.node.name;
  if (x.layout === 'nhwc') {
    const { scale, shift } = of(x.shape[2]);
    const s = perChannel(c, `${name}.scale`, scale, x);
    const y = c.d.box('multiply', {}, `${name}.times`, [x, s]).out(0, x.shape, 'nhwc');
    const t = perChannel(c, `${name}.shift`, shift, x);
    return c.d.box('add', {}, name, [y, t]).out(0, x.shape, 'nhwc');
  }
  if (x.shape.length !== 1)
    refuse(`it normalises a value of shape [${x.shape.join(', ')}]; Lensboard reads vectors and images`);
  const n = x.shape[0];
  const { scale, shift } = of(n);
  const perm = permOf(x);
  if (perm && size(x.shape) !== perm.length) refuse('it normalises a vector whose order Lensboard cannot follow');
  const order = (v: Float32Array) => (perm ? Float32Array.from(perm, (j) => v[j]) : v);
  const s = c.d.param(`${name}.scale`, [n], order(scale));
  const y = c.d.box('multiply', {}, `${name}.times`, [x, s]).out(0, x.shape, x.layout);
  const t = c.d.param(`${name}.shift`, [n], order(shift));
  return c.d.box('bias', {}, name, [t, y]).out(0, x.shape, x.layout);
}

/** In training mode: the running statistics among the outputs, or training_mode = 1. */
const training = (c: Ctx): boolean => c.node.outputs.length > 1 || intAttr(c.node, 'training_mode', 0) !== 0;

export function batchNorm(c: Ctx): Value[] {
  const x = data(c, 0);
  if (!training(c)) return [affine(c, x, (channels) => affineOf(c, channels))];
  if (x.layout !== 'nhwc' && x.shape.length !== 1)
    refuse(`it normalises a value of shape [${x.shape.join(', ')}]; Lensboard reads vectors and images`);
  const epsilon = float32Decimal(floatAttr(c.node, 'epsilon', 1e-5));
  const normed = c.d.box('batchNorm', { epsilon }, `${c.node.name}.normalise`, [x]).out(0, x.shape, x.layout);
  return [affine(c, normed, (channels) => gammaBeta(c, channels))];
}
