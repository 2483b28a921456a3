/**
 * The configs of the learner's box kinds, as zod schemas: the compiler checks a drawn box's
 * config with these and reports the first bad key on the box (`bad-config`). Defaults here are
 * the ones the palette shows (boxKinds.ts), so a freshly dropped box compiles as drawn.
 */

import type { Initialiser } from '../core/init';
import { OptimiserSettingsSchema } from '../io/document';
import { z } from '../io/zod';
import type { InitSpec } from './types';

const Finite = z.number().finite();
const Shape = z
  .array(
    z
      .number()
      .int()
      .min(1)
      .max(1 << 16),
  )
  .max(8);

export const LOSS_KINDS = [
  'mse',
  'mse-mean',
  'softmax-cross-entropy',
  'binary-cross-entropy',
  'z2-xor',
  'dot',
] as const;
export const OPTIMISER_KINDS = ['gd', 'momentum', 'nesterov', 'adagrad', 'adam'] as const;
export const INIT_KINDS = ['zeros', 'constant', 'normal', 'uniform', 'glorot-uniform', 'he'] as const;

export const InitSpecSchema = z.object({
  kind: z.enum(INIT_KINDS),
  value: Finite.optional(),
  sigma: Finite.positive().optional(),
  low: Finite.optional(),
  high: Finite.optional(),
});

export const InputConfigSchema = z.object({
  shape: Shape.optional(),
  field: z.enum(['real', 'z2']).optional(),
});

export const ParameterConfigSchema = z.object({
  shape: Shape,
  field: z.enum(['real', 'z2']).default('real'),
  init: InitSpecSchema.default({ kind: 'glorot-uniform' }),
});

export const LossConfigSchema = z.object({ kind: z.enum(LOSS_KINDS).default('mse') });

export const LearningRateConfigSchema = z.object({ epsilon: Finite.positive().default(0.01) });

/** The optimiser box may leave its step size to the learning-rate box or the settings. */
export const OptimiserConfigSchema = OptimiserSettingsSchema.extend({
  kind: OptimiserSettingsSchema.shape.kind.default('gd'),
  learningRate: Finite.positive().optional(),
});

/** The first problem of a zod parse, as `key: message` for an error on the box. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const key = issue.path.map(String).join('.');
  return key ? `${key}: ${issue.message}` : issue.message;
}

/** A document InitSpec as core's Initialiser (the names differ only in spelling). */
export function toInitialiser(spec: InitSpec): Initialiser {
  switch (spec.kind) {
    case 'zeros':
      return { kind: 'zeros' };
    case 'constant':
      return { kind: 'constant', value: spec.value ?? 0 };
    case 'normal':
      return { kind: 'normal', sigma: spec.sigma ?? 0.01 };
    case 'uniform':
      return { kind: 'uniform', low: spec.low ?? -0.05, high: spec.high ?? 0.05 };
    case 'glorot-uniform':
      return { kind: 'glorotUniform' };
    case 'he':
      return { kind: 'he' };
  }
}
