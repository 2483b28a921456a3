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
 */
import * as tf from '@tensorflow/tfjs';
import type { Generator } from '../generator';
import type { Program } from '../program';
import { getGenerator } from '../registry';
import { batchSizeOf, type RunOptions } from './inputs';
import { TfjsKernel } from './tfjsKernel';

export interface PlainTensor {
  readonly shape: readonly number[];
  readonly data: ArrayLike<number>;
}

export interface TfjsEngine {
  run(inputs: readonly tf.Tensor[], opts?: RunOptions): tf.Tensor[];
  runPlain(inputs: readonly PlainTensor[], opts?: RunOptions): { shape: number[]; data: Float32Array }[];
  trace(inputs: readonly tf.Tensor[], opts?: RunOptions): ({ shape: number[]; data: Float32Array } | undefined)[];
}

export function createEngine(program: Program): TfjsEngine {
  const kernel = new TfjsKernel();
  const gens: Generator[] = program.steps.map((s) => getGenerator(s.gen));

  function execute(inputs: readonly tf.Tensor[], opts: RunOptions = {}): tf.Tensor[] {
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
      const outs = gens[n].forward(
        kernel,
        s.config,
        s.inputs.map((b) => bufs[b]),
        s.types,
      );
      s.outputs.forEach((b, k) => {
        bufs[b] = outs[k];
      });
    });
    return bufs;
  }

  /** tidy keeps returned tensors; an output that is an input is cloned so disposing it is safe. */
  const run = (inputs: readonly tf.Tensor[], opts?: RunOptions) =>
    tf.tidy(() => {
      const bufs = execute(inputs, opts);
      return program.outputs.map((b) => (inputs.includes(bufs[b]) ? tf.clone(bufs[b]) : bufs[b]));
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

export const createTfjsEngine = createEngine;
