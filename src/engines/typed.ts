/**
 * The typed-array engine: runs a Program with no tfjs at all.
 *
 *   const engine = createEngine(program, { dtype: 'float64' });
 *   const [y] = engine.run([{ shape: [B, 4], data: xs }]);   // outputs: { shape, data }
 *   engine.buffers();                                       // every buffer of the last run
 *
 * float64 is the oracle of the tests; float32 is the fast path for a classroom's small models.
 * The dtype is a required choice: a float32 answer where float64 was meant passes for right.
 * Buffers live in a bump arena reused run after run (no allocation per step once a batch size
 * has been seen), so the arrays returned are valid until the next `run`: copy them to keep them.
 */

import { type StepForward, stepForward } from '../core/fusedStep';
import type { Program } from '../core/program';
import { Arena, type Dtype } from './arena';
import { batchSizeOf, type RunOptions } from './inputs';
import { TypedKernel, type TypedTensor } from './typedKernel';

export type { TypedTensor } from './typedKernel';

export interface TypedEngine {
  readonly kernel: TypedKernel;
  /** `batchSize` only matters when no input is batched. */
  run(inputs: readonly TypedTensor[], opts?: RunOptions): TypedTensor[];
  /** All buffers of the last run, indexed like the Program's (for animation and inspection). */
  buffers(): readonly (TypedTensor | undefined)[];
}

export interface TypedEngineOptions {
  readonly dtype: Dtype;
}

export function createEngine(program: Program, opts: TypedEngineOptions): TypedEngine {
  const kernel = new TypedKernel(new Arena(opts.dtype));
  const forwards: StepForward[] = program.steps.map(stepForward);
  const bufs: (TypedTensor | undefined)[] = new Array(program.nBuffers);
  /** Each step's argument list, refilled run after run. */
  const args: TypedTensor[][] = program.steps.map((s) => new Array(s.inputs.length));
  /** The inputs' shapes, refilled run after run (the check allocates nothing). */
  const shapes: (readonly number[])[] = new Array(program.inputs.length);
  /** The outputs, refilled run after run (like the records in it, valid until the next run). */
  const outputs: TypedTensor[] = new Array(program.outputs.length);
  return {
    kernel,
    run(inputs, opts = {}) {
      if (inputs.length !== shapes.length) shapes.length = inputs.length;
      for (let i = 0; i < inputs.length; i++) shapes[i] = inputs[i].shape;
      kernel.batchSize = batchSizeOf(program, shapes, opts.batchSize);
      kernel.arena.reset();
      for (let i = 0; i < inputs.length; i++) bufs[program.inputs[i]] = inputs[i];
      const steps = program.steps;
      for (let n = 0; n < steps.length; n++) {
        const s = steps[n];
        const ins = args[n];
        for (let i = 0; i < ins.length; i++) ins[i] = bufs[s.inputs[i]] as TypedTensor;
        const outs = forwards[n].forward(kernel, s.config, ins, s.types);
        for (let k = 0; k < s.outputs.length; k++) bufs[s.outputs[k]] = outs[k];
      }
      for (let i = 0; i < outputs.length; i++) outputs[i] = bufs[program.outputs[i]] as TypedTensor;
      return outputs;
    },
    buffers: () => bufs,
  };
}

export const createTypedEngine = createEngine;
