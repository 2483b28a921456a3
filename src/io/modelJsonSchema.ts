/**
 * The model file's JSON Schema, generated from the zod schema so the two cannot drift: the
 * committed docs/model-format.schema.json is this function's output, and a test says so.
 * The input side is described (defaults may be left out of a file).
 */

import { z } from '../kinds/zod';
import { ModelFileSchema } from './modelSchema';

export function modelJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ModelFileSchema, { io: 'input', unrepresentable: 'any' }),
    $id: 'https://lensboard.invalid/model-format.schema.json',
    title: 'Lensboard model file (format "lensboard-model")',
  };
}

export const modelJsonSchemaText = (): string => `${JSON.stringify(modelJsonSchema(), null, 2)}\n`;
