/**
 * loadModel's runner on the live tfjs backend (`loadModel(text, tfjsRunner)`): the same
 * Program the typed runner runs, on tfjs's kernels, every tensor freed before it returns.
 * Kept apart from modelRuntime.ts so that using a model on the typed engine loads no tfjs.
 */
import { createTfjsEngine } from '../engines/tfjs';
import type { ProgramRunner } from './modelRuntime';

export const tfjsRunner: ProgramRunner = (program) => {
  const engine = createTfjsEngine(program);
  return (inputs) => engine.runPlain(inputs).map((o) => ({ shape: o.shape, data: Float32Array.from(o.data) }));
};
