/**
 * A step Program run on the float64 typed-array kernel with one buffer nudged where it is made:
 * the oracle of the source map's changes. The change a map names for a buffer v must be the
 * derivative of the losses, weighted by l′, along any direction t: ⟨c, t⟩ = Σₑ l′ₑ ∂lₑ/∂v · t,
 * which central differences of the loss give when v is nudged by ±h·t.
 */
import { stepForward } from '../core/fusedStep';
import type { Rng } from '../core/init';
import type { Program } from '../core/program';
import { fullShape, shapeSize } from '../core/shape';
import type { WireType } from '../core/wire';
import { Arena } from '../engines/arena';
import { TypedKernel, type TypedTensor } from '../engines/typedKernel';

export const BATCH = 3;

const shapeOf = (t: WireType) => fullShape(t, BATCH);

export function randomTensor(rng: Rng, t: WireType, scale = 1): TypedTensor {
  const shape = shapeOf(t);
  return { shape, data: Float64Array.from({ length: shapeSize(shape) }, () => scale * (2 * rng() - 1)) };
}

/**
 * The input buffers a Program reads as token ids (the ids of an embedding), each with its
 * vocabulary: a random input there must be an integer row of W, not any real number.
 */
export function idInputs(program: Program): Map<number, number> {
  const inputs = new Set(program.inputs);
  const ids = new Map<number, number>();
  for (const s of program.steps)
    if (s.gen === 'embedding' && inputs.has(s.inputs[1])) ids.set(s.inputs[1], s.config.vocab as number);
  return ids;
}

/** Random integer ids 0…vocab−1 of type t. */
export function randomIds(rng: Rng, t: WireType, vocab: number): TypedTensor {
  const shape = shapeOf(t);
  return { shape, data: Float64Array.from({ length: shapeSize(shape) }, () => Math.floor(rng() * vocab)) };
}

/** Every buffer of one run (copied out), with buffer `nudge.buffer` moved by `h·direction` where it is made. */
export function runStep(
  program: Program,
  inputs: readonly TypedTensor[],
  nudge?: { readonly buffer: number; readonly direction: Float64Array; readonly h: number },
): Float64Array[] {
  const kernel = new TypedKernel(new Arena('float64'));
  kernel.batchSize = BATCH;
  const bufs: TypedTensor[] = new Array(program.nBuffers);
  const moved = (b: number) => {
    if (!nudge || nudge.buffer !== b) return;
    const { shape, data } = bufs[b];
    // a new tensor, never the old one changed: a copy step's outputs are one tensor
    bufs[b] = { shape, data: Float64Array.from(data, (v, i) => v + nudge.h * nudge.direction[i]) };
  };
  program.inputs.forEach((b, i) => {
    bufs[b] = inputs[i];
    moved(b);
  });
  for (const s of program.steps) {
    const outs = stepForward(s).forward(
      kernel,
      s.config,
      s.inputs.map((b) => bufs[b]),
      s.types,
    );
    s.outputs.forEach((b, k) => {
      bufs[b] = outs[k];
      moved(b);
    });
  }
  return bufs.map((t) => (t ? Float64Array.from(t.data) : new Float64Array(0)));
}

/** Σₑ l′ₑ ∂lₑ/∂v · t by central differences, v the buffer `buffer`, l and l′ the buffers named. */
export function weightedLossSlope(
  program: Program,
  inputs: readonly TypedTensor[],
  at: {
    readonly buffer: number;
    readonly direction: Float64Array;
    readonly loss: number;
    readonly lossChange: Float64Array;
  },
  h = 1e-5,
): number {
  const up = runStep(program, inputs, { buffer: at.buffer, direction: at.direction, h })[at.loss];
  const down = runStep(program, inputs, { buffer: at.buffer, direction: at.direction, h: -h })[at.loss];
  let s = 0;
  for (let e = 0; e < up.length; e++) s += (at.lossChange[e] * (up[e] - down[e])) / (2 * h);
  return s;
}

export const dotOf = (a: Float64Array, b: Float64Array): number => a.reduce((s, v, i) => s + v * b[i], 0);
