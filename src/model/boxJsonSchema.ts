/**
 * The JSON Schema of a diagram's box, generated from the same sources as the reader: each core
 * generator's config from the registry's config fields (the ones docs/generators.md lists, with
 * the Para keys the compiler adds), each learner kind's from the zod schema the compiler checks
 * it with. The box is a choice on `generator`: an `if`/`then` per id, so a validator reports a
 * wrong config at its own path (`…/config/out`). Keys a generator does not know stay allowed,
 * as the reader ignores them (docs/model-format.md, "The diagram").
 */

import {
  InputConfigSchema,
  LearningRateConfigSchema,
  LossConfigSchema,
  OptimiserConfigSchema,
  ParameterConfigSchema,
} from '../compile/configs';
import type { ConfigField } from '../core/generator';
import { allGenerators } from '../core/generators/index';
import { InitSpecSchema } from '../kinds/initialisers';
import { type BoxConfigField, paraFields } from '../kinds/para';
import { z } from '../kinds/zod';

type Json = Record<string, unknown>;

const toJson = (schema: z.ZodType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

/** The learner's box kinds and the zod schema of each one's config; `output` has none. */
const LEARNER_CONFIGS: Readonly<Record<string, z.ZodType | undefined>> = {
  input: InputConfigSchema,
  label: InputConfigSchema,
  output: undefined,
  parameter: ParameterConfigSchema,
  loss: LossConfigSchema,
  'learning-rate': LearningRateConfigSchema,
  optimiser: OptimiserConfigSchema,
};

const bounds = (f: ConfigField | BoxConfigField): Json => ({
  ...(f.min === undefined ? {} : { minimum: f.min }),
  ...(f.max === undefined ? {} : { maximum: f.max }),
});

/** Where the schema that holds the box keeps the initialiser's schema, written once. */
const INIT_SPEC_REF = '#/$defs/initSpec';
export const initSpecJsonSchema = (): Json => toJson(InitSpecSchema);

/** One config key's schema, as `normaliseConfig` (core/config.ts) checks it. */
export function fieldJsonSchema(f: ConfigField | BoxConfigField): Json {
  const described = { description: f.help ?? f.label, default: f.default };
  switch (f.kind) {
    case 'int':
      return { type: 'integer', ...bounds(f), ...described };
    case 'number':
      return { type: 'number', ...bounds(f), ...described };
    case 'shape':
      return { type: 'array', items: { type: 'integer', minimum: f.min ?? 1 }, ...described };
    case 'enum':
      return { enum: [...(f.options ?? [])], ...described };
    case 'boolean':
      return { type: 'boolean', ...described };
    case 'field':
      return { enum: ['real', 'z2'], ...described };
    case 'init':
      return { $ref: INIT_SPEC_REF, ...described };
  }
}

/** The config schema of every generator and learner kind a box may name, by id. */
export function configJsonSchemas(): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const g of allGenerators()) {
    const fields = [...g.configFields, ...paraFields(g)];
    out.set(g.id, {
      type: 'object',
      properties: Object.fromEntries(fields.map((f) => [f.key, fieldJsonSchema(f)])),
    });
  }
  for (const [kind, schema] of Object.entries(LEARNER_CONFIGS))
    out.set(kind, schema ? toJson(schema) : { type: 'object' });
  return out;
}

/**
 * `box` (the zod schema's box) with `generator` one of the known ids and, for each id, its
 * config's schema.
 */
export function boxJsonSchema(box: Json): Json {
  const configs = configJsonSchemas();
  const properties = box.properties as Json;
  return {
    ...box,
    properties: { ...properties, generator: { type: 'string', enum: [...configs.keys()] } },
    allOf: [...configs].map(([id, config]) => ({
      if: { properties: { generator: { const: id } }, required: ['generator'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword; the object is never awaited
      then: { properties: { config } },
    })),
  };
}
