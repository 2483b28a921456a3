/**
 * The model file's JSON Schema, generated from the zod schema so the two cannot drift: the
 * committed docs/model-format.schema.json is this function's output, and a test says so.
 * The input side is described (defaults may be left out of a file). The diagram's boxes are
 * described further than the zod schema checks them (which leaves meaning to the compiler):
 * each generator's config, from the registry and the compiler's schemas (boxJsonSchema.ts), so
 * this stands on the model floor, above the compiler.
 */
import { ModelFileSchema } from '../io/modelSchema';
import { z } from '../kinds/zod';
import { boxJsonSchema, initSpecJsonSchema } from './boxJsonSchema';

type Json = Record<string, unknown>;

export function modelJsonSchema(): Json {
  const schema = z.toJSONSchema(ModelFileSchema, { io: 'input', unrepresentable: 'any' }) as Json;
  const diagram = (schema.properties as Json).diagram as Json;
  const boxes = (diagram.properties as Json).boxes as Json;
  const withBoxes = { ...boxes, items: boxJsonSchema(boxes.items as Json) };
  return {
    ...schema,
    properties: {
      ...(schema.properties as Json),
      diagram: { ...diagram, properties: { ...(diagram.properties as Json), boxes: withBoxes } },
    },
    $defs: { ...(schema.$defs as Json | undefined), initSpec: initSpecJsonSchema() },
    $id: 'https://lensboard.invalid/model-format.schema.json',
    title: 'Lensboard model file (format "lensboard-model")',
  };
}

export const modelJsonSchemaText = (): string => `${JSON.stringify(modelJsonSchema(), null, 2)}\n`;
