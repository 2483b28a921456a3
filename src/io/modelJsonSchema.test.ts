/**
 * The committed JSON Schema is the one the zod schema generates today. After changing the
 * schema, regenerate it with `WRITE_SCHEMA=1 npx vitest run src/io/modelJsonSchema.test.ts`
 * (then `npx biome check --write docs/model-format.schema.json`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { modelJsonSchema, modelJsonSchemaText } from './modelJsonSchema';
import { LENSBOARD_VERSION } from './version';

const path = new URL('../../docs/model-format.schema.json', import.meta.url);

it('docs/model-format.schema.json is generated from the zod schema', () => {
  if (process.env.WRITE_SCHEMA) writeFileSync(path, modelJsonSchemaText());
  // Compared as JSON: the committed file is laid out by the formatter.
  expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(modelJsonSchema());
});

it('generatedBy carries the version package.json gives', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  expect(LENSBOARD_VERSION).toBe(pkg.version);
});
