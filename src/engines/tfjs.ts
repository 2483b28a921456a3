/**
 * The tfjs engine: runs a Program on whichever tfjs backend is live (webgl, wasm, cpu).
 *
 *   const engine = createEngine(program);
 *   const outs = engine.run([xTensor]);        // tf.Tensors; the caller disposes them
 *   const plain = engine.runPlain([{ shape, data }]);   // plain Float32Arrays, nothing to dispose
 *   const all = engine.trace([xTensor]);       // every buffer as { shape, data } (animation)
 *
 * Every run is one tf.tidy: intermediates are freed, only the returned outputs survive.
 * Inputs are not disposed (they belong to the caller).
 *
 * Scalars known on the host: a step whose inputs and outputs are all unbatched scalars (shape
 * []), and whose inputs all hold values the host knows, runs on the typed kernel in float32 and
 * its outputs become host-known scalars again. That covers constants, the optimiser's shared step
 * counter and its bias corrections, which would otherwise be a dozen tiny device kernels per
 * step (on webgl each one a shader program plus pack/encode passes). Host-known scalars are the
 * ones made by `hostScalar` (the learn runner makes its hyper-parameters and scalar state so) and
 * those such steps return; on webgl they stay in CPU memory and reach shaders as uniforms.
 */
import * as tf from '@tensorflow/tfjs';
import { type StepForward, stepForward } from '../core/fusedStep';
import type { Program } from '../core/program';
import { isScalar } from '../core/shape';
import { Arena } from './arena';
import { batchSizeOf, type RunOptions } from './inputs';
import { TfjsKernel } from './tfjsKernel';
import { TypedKernel, type TypedTensor } from './typedKernel';

/** Values of scalar tensors that the host knows without reading the device. */
const hostValues = new WeakMap<tf.Tensor, number>();

/** A float32 scalar tensor whose value the engine may use on the host (see the header). */
export function hostScalar(value: number): tf.Tensor {
  const data = Float32Array.of(value);
  const t = tf.tensor(data, [], 'float32');
  hostValues.set(t, data[0]);
  return t;
}

export interface PlainTensor {
  readonly shape: readonly number[];
  readonly data: ArrayLike<number>;
}

export interface TfjsEngine {
  run(inputs: readonly tf.Tensor[], opts?: RunOptions): tf.Tensor[];
  runPlain(inputs: readonly PlainTensor[], opts?: RunOptions): { shape: number[]; data: Float32Array }[];
  trace(inputs: readonly tf.Tensor[], opts?: RunOptions): ({ shape: number[]; data: Float32Array } | undefined)[];
}

function cloneKeepingHost(t: tf.Tensor): tf.Tensor {
  const c = tf.clone(t);
  const v = hostValues.get(t);
  if (v !== undefined) hostValues.set(c, v);
  return c;
}

export function createEngine(program: Program): TfjsEngine {
  const execute = executor(program);

  /** tidy keeps returned tensors; an output that is an input is cloned so disposing it is safe. */
  const run = (inputs: readonly tf.Tensor[], opts?: RunOptions) =>
    tf.tidy(() => {
      const bufs = execute(inputs, opts);
      return program.outputs.map((b) => (inputs.includes(bufs[b]) ? cloneKeepingHost(bufs[b]) : bufs[b]));
    });

  return {
    run,
    runPlain(inputs, opts) {
      const ts = inputs.map((x) => tf.tensor(Float32Array.from(x.data), [...x.shape]));
      const outs = run(ts, opts);
      const plain = outs.map((t) => ({ shape: [...t.shape], data: t.dataSync() as Float32Array }));
      tf.dispose([...ts, ...outs]);
      return plain;
    },
    trace: (inputs, opts) =>
      tf.tidy(() =>
        execute(inputs, opts).map((t) =>
          t ? { shape: [...t.shape], data: Float32Array.from(t.dataSync()) } : undefined,
        ),
      ),
  };
}

/** Runs the Program's steps, in the caller's tidy; returns every buffer. */
function executor(program: Program): (inputs: readonly tf.Tensor[], opts?: RunOptions) => tf.Tensor[] {
  const kernel = new TfjsKernel();
  const forwards: StepForward[] = program.steps.map(stepForward);
  const onHost = hostRunner(program, forwards, kernel);
  /** Steps that may run on the host: scalars in, scalars out. */
  const scalarStep = program.steps.map(
    (s) => s.types.every(isScalar) && s.outputs.every((b) => isScalar(program.bufferTypes[b])),
  );
  return (inputs, opts = {}) => {
    kernel.batchSize = batchSizeOf(
      program,
      inputs.map((x) => x.shape),
      opts.batchSize,
    );
    const bufs: tf.Tensor[] = new Array(program.nBuffers);
    program.inputs.forEach((b, i) => {
      bufs[b] = inputs[i];
    });
    program.steps.forEach((s, n) => {
      const ins = s.inputs.map((b) => bufs[b]);
      const outs = (scalarStep[n] && onHost(n, ins)) || forwards[n].forward(kernel, s.config, ins, s.types);
      s.outputs.forEach((b, k) => {
        bufs[b] = outs[k];
      });
    });
    return bufs;
  };
}

/** Runs step n on the host if every input is a host-known scalar; else undefined (see the header). */
function hostRunner(
  program: Program,
  forwards: readonly StepForward[],
  kernel: TfjsKernel,
): (n: number, ins: readonly tf.Tensor[]) => tf.Tensor[] | undefined {
  const host = new TypedKernel(new Arena('float32'));
  return (n, ins) => {
    const vals: TypedTensor[] = [];
    for (const t of ins) {
      const v = hostValues.get(t);
      if (v === undefined) return undefined;
      vals.push({ shape: [], data: Float32Array.of(v) });
    }
    const s = program.steps[n];
    host.arena.reset();
    host.batchSize = kernel.batchSize;
    return forwards[n].forward(host, s.config, vals, s.types).map((o) => hostScalar(o.data[0]));
  };
}

export const createTfjsEngine = createEngine;
