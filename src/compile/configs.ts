/**
 * The configs of the learner's box kinds, as zod schemas: the compiler checks a drawn box's
 * config with these and reports the first bad key on the box (`bad-config`). The kinds and
 * hyper-parameters come from their one list each (kinds/losses.ts, kinds/optimisers.ts,
 * kinds/initialisers.ts); defaults are the ones the palette shows (kinds/boxKinds.ts), so a freshly dropped
 * box compiles as drawn.
 */

import { hyperSchema, OptimiserSettingsSchema } from '../io/document';
import { HYPERS } from '../kinds/hypers';
import { DEFAULT_INIT, InitSpecSchema } from '../kinds/initialisers';
import { DEFAULT_LOSS, LOSS_KINDS } from '../kinds/losses';
import { DEFAULT_OPTIMISER } from '../kinds/optimisers';
import { lazySchema, z } from '../kinds/zod';

const Shape = lazySchema(() =>
  z
    .array(
      z
        .number()
        .int()
        .min(1)
        .max(1 << 16),
    )
    .max(8),
);

export const InputConfigSchema = lazySchema(() =>
  z.object({
    shape: Shape.optional(),
    field: z.enum(['real', 'z2']).optional(),
  }),
);

export const ParameterConfigSchema = lazySchema(() =>
  z.object({
    shape: Shape,
    field: z.enum(['real', 'z2']).default('real'),
    init: InitSpecSchema.default(DEFAULT_INIT),
  }),
);

export const LossConfigSchema = lazySchema(() => z.object({ kind: z.enum(LOSS_KINDS).default(DEFAULT_LOSS) }));

/** The learning-rate box's ε is the optimisers' learning rate, under the name the paper gives α's constant. */
export const LearningRateConfigSchema = lazySchema(() =>
  z.object({
    epsilon: hyperSchema('learningRate').default(HYPERS.learningRate.default),
  }),
);

/** The optimiser box may leave its step size to the learning-rate box or the settings. */
export const OptimiserConfigSchema = lazySchema(() =>
  OptimiserSettingsSchema.extend({
    kind: OptimiserSettingsSchema.shape.kind.default(DEFAULT_OPTIMISER),
    learningRate: hyperSchema('learningRate').optional(),
  }),
);

/** The first problem of a zod parse, as `key: message` for an error on the box. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const key = issue.path.map(String).join('.');
  return key ? `${key}: ${issue.message}` : issue.message;
}
