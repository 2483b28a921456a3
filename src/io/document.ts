/**
 * The document the editor saves, the compiler reads and the model file embeds (zod, versioned).
 * A document is plain data: boxes placed on the canvas, wires between their ports, groups
 * (sub-diagrams), the dataset it is bound to and the training settings.
 *
 * Box `generator` is either a core generator id (`linear`, `sigmoid`, `copy`…) or one of the
 * learner's box kinds (`input`, `label`, `output`, `parameter`, `loss`, `learning-rate`,
 * `optimiser`). An instance of a saved sub-diagram is a group (its `template` says which), never
 * a box: `group:<template>` is only how the palette and the canvas name it
 * (docs/model-format.md, "The diagram").
 * The schema checks form only; meaning (known generator, well-typed wiring) is the compiler's.
 * Loss and optimiser kinds and the hyper-parameters' ranges come from their one list each
 * (kinds/losses.ts, kinds/optimisers.ts, kinds/hypers.ts): a kind added there is a kind a document may name.
 */

import { HYPER_NAMES, HYPERS, type HyperName } from '../kinds/hypers';
import { LEARNT_WIRES } from '../kinds/learntWires';
import { LOSS_KINDS } from '../kinds/losses';
import { OPTIMISER_KINDS } from '../kinds/optimisers';
import { lazySchema, z } from '../kinds/zod';

export const DOCUMENT_FORMAT = 'lensboard-document';
export const DOCUMENT_VERSION = 1;

const Id = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'ids use letters, digits and _ . : - only'),
);
const Finite = lazySchema(() => z.number().finite());

export const PositionSchema = lazySchema(() => z.object({ x: Finite, y: Finite }));
export const PortRefSchema = lazySchema(() => z.object({ box: Id, port: z.string().min(1).max(64) }));

export const BoxSchema = lazySchema(() =>
  z.object({
    id: Id,
    generator: z.string().min(1).max(80),
    config: z.record(z.string(), z.unknown()).default({}),
    position: PositionSchema,
    label: z.string().max(200).optional(),
    /** The group this box belongs to; absent for the top level. */
    parent: Id.optional(),
    /** In a tied group, what pairs this box with its partner in the other copy (io/tiePairs.ts). */
    tieKey: Id.optional(),
  }),
);

export const WireSchema = lazySchema(() => z.object({ id: Id, from: PortRefSchema, to: PortRefSchema }));

export const ExposedPortSchema = lazySchema(() =>
  z.object({
    name: z.string().min(1).max(64),
    box: Id,
    port: z.string().min(1).max(64),
  }),
);

/** A sub-diagram: its boxes carry `parent: group.id`; its open ports become the group's ports. */
export const GroupSchema = lazySchema(() =>
  z.object({
    id: Id,
    name: z.string().min(1).max(120),
    position: PositionSchema,
    parent: Id.optional(),
    inputs: z.array(ExposedPortSchema),
    outputs: z.array(ExposedPortSchema),
    /** Instances of one saved box share this template id; `tied` instances share parameters. */
    template: Id.optional(),
    tiedTo: Id.optional(),
    /** As a box's: pairs this group, nested in a tied group, with its partner in the other copy. */
    tieKey: Id.optional(),
  }),
);

export const DatasetBindingSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(64),
    options: z.record(z.string(), z.unknown()).default({}),
  }),
);

/** A hyper-parameter's value, in the range its table entry gives. */
export function hyperSchema(name: HyperName): z.ZodNumber {
  const { min, max, minOpen, maxOpen } = HYPERS[name];
  const low = minOpen ? Finite.gt(min) : Finite.min(min);
  if (max === undefined) return low;
  return maxOpen ? low.lt(max) : low.max(max);
}

type OptionalHypers = { [K in Exclude<HyperName, 'learningRate'>]: z.ZodOptional<z.ZodNumber> };
const optionalHypers = () =>
  Object.fromEntries(
    HYPER_NAMES.filter((n) => n !== 'learningRate').map((n) => [n, hyperSchema(n).optional()]),
  ) as OptionalHypers;

/** The learning rate is required here; every other hyper-parameter falls back to its default. */
export const OptimiserSettingsSchema = lazySchema(() =>
  z.object({
    kind: z.enum(OPTIMISER_KINDS),
    learningRate: hyperSchema('learningRate'),
    ...optionalHypers(),
  }),
);

export const TrainingSettingsSchema = lazySchema(() =>
  z.object({
    loss: z.enum(LOSS_KINDS).optional(),
    optimiser: OptimiserSettingsSchema.optional(),
    batchSize: z.number().int().min(1).max(65536).default(32),
    epochs: z.number().int().min(1).max(100000).default(100),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(1),
    testFraction: Finite.min(0).lt(1).default(0),
    /**
     * The Para choice (docs/dreaming.md): the weights (absent: training as ever), the data input
     * (deep dreaming, the weights fixed), or both. Optional, so every older document reads as before.
     */
    learn: z.enum(LEARNT_WIRES).optional(),
    /** When the input is learnt: the class whose score it raises, and where the input starts. */
    dream: z
      .object({
        target: z.number().int().min(0).max(65535),
        start: z.enum(['zeros', 'noise']).default('zeros'),
        /** How many steps a dream takes (each is an epoch of its one row). */
        steps: z.number().int().min(1).max(100000).default(300),
      })
      .optional(),
  }),
);

export const DocumentSchema = lazySchema(() =>
  z.object({
    format: z.literal(DOCUMENT_FORMAT),
    version: z.literal(DOCUMENT_VERSION),
    name: z.string().max(200).default('Untitled'),
    boxes: z.array(BoxSchema),
    wires: z.array(WireSchema),
    groups: z.array(GroupSchema).default([]),
    dataset: DatasetBindingSchema.optional(),
    training: TrainingSettingsSchema.optional(),
  }),
);

export type Position = z.infer<typeof PositionSchema>;
export type PortRef = z.infer<typeof PortRefSchema>;
export type BoxDoc = z.infer<typeof BoxSchema>;
export type WireDoc = z.infer<typeof WireSchema>;
export type GroupDoc = z.infer<typeof GroupSchema>;
export type DatasetBinding = z.infer<typeof DatasetBindingSchema>;
export type OptimiserSettings = z.infer<typeof OptimiserSettingsSchema>;
export type TrainingSettings = z.infer<typeof TrainingSettingsSchema>;
export type LensDocument = z.infer<typeof DocumentSchema>;
