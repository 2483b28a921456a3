/**
 * How an engine runs one step of a Program: through its generator's forward, or, for a `fused`
 * step (fuse.ts), through one call of the kernel's `fused` with the step's expression.
 */
import type { Config } from './diagram';
import type { Generator } from './generator';
import { getGenerator } from './generators/index';
import type { FusedExpr, Kernel } from './kernel';
import type { Step } from './program';
import { fullShape } from './shape';
import type { WireType } from './wire';

export const FUSED = 'fused';

/** A fused step's config: the expression, its output type, and the steps it replaced. */
export interface FusedConfig {
  readonly expr: FusedExpr;
  readonly type: WireType;
  /** The source boxes of the steps it replaced, in Program order (for inspection). */
  readonly sources: readonly string[];
}

const fusedConfig = (config: Config) => config as unknown as FusedConfig;

/** How an engine runs a step: its generator itself, or a fused step's kernel call. */
export type StepForward = Pick<Generator, 'forward'>;

/** A fused step's runner: its expression and output type read once, its full shape kept per batch size. */
function fusedForward(config: Config): StepForward {
  const { expr, type } = fusedConfig(config);
  let batchSize = -1;
  let shape: readonly number[] = [];
  return {
    forward<T>(k: Kernel<T>, _config: Config, inputs: readonly T[]): T[] {
      if (k.batchSize !== batchSize) {
        batchSize = k.batchSize;
        shape = fullShape(type, k.batchSize);
      }
      return k.fused(expr, inputs, shape);
    },
  };
}

/** Engines call `stepForward(step).forward(kernel, step.config, inputs, step.types)`. */
export function stepForward(step: Step): StepForward {
  return step.gen === FUSED ? fusedForward(step.config) : getGenerator(step.gen);
}
