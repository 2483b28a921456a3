/**
 * The committed JSON Schema is the one the zod schema generates today. After changing the
 * schema, regenerate it with `WRITE_SCHEMA=1 npx vitest run src/model/modelJsonSchema.test.ts`
 * (then `npx biome check --write docs/model-format.schema.json`). A real validator (Ajv, draft
 * 2020-12) then holds every example, every fixture, and the refusals of a wrong config to it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { examples } from '../io/examples/index';
import { LENSBOARD_VERSION } from '../io/version';
import { modelJsonSchema, modelJsonSchemaText } from './modelJsonSchema';

const path = new URL('../../docs/model-format.schema.json', import.meta.url);
const fixtures = new URL('../io/fixtures/', import.meta.url);

it('docs/model-format.schema.json is generated from the zod schema', () => {
  if (process.env.WRITE_SCHEMA) writeFileSync(path, modelJsonSchemaText());
  // Compared as JSON: the committed file is laid out by the formatter.
  expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(modelJsonSchema());
});

it('generatedBy carries the version package.json gives', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  expect(LENSBOARD_VERSION).toBe(pkg.version);
});

describe('the committed schema, under a JSON Schema validator', () => {
  // `format: date-time` is a note here: the pattern beside it is what checks the date.
  const validate = new Ajv2020({ allErrors: true, validateFormats: false }).compile(
    JSON.parse(readFileSync(path, 'utf8')),
  );
  type Json = Record<string, unknown>;
  const read = (name: string): Json => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8'));
  /** The model fixtures of format 1 (0 was a draft of another shape), newest last. */
  const models = readdirSync(fixtures)
    .filter((f) => /^model-v1(\.\d+)?\.json$/.test(f))
    .sort();
  const model = read(models[models.length - 1]);
  const withDiagram = (diagram: unknown): Json => ({ ...model, diagram });
  const problems = (file: unknown) =>
    validate(file) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

  it.each(models)('accepts the fixture %s', (name) => {
    expect(problems(read(name))).toEqual([]);
  });

  it('accepts every gallery example and the lesson fixture’s document as a model file’s diagram', () => {
    const lesson = read('lesson-document.json') as { start: { document: unknown } };
    const docs = [...examples.map((e) => [e.id, e.json] as const), ['lesson-document.json', lesson.start.document]];
    expect(docs).toHaveLength(examples.length + 1);
    for (const [id, d] of docs) expect({ id, problems: problems(withDiagram(d)) }).toEqual({ id, problems: [] });
  });

  /** The first example with a box of `generator`, that box's config changed by `edit`. */
  const edited = (generator: string, edit: (box: Json) => Json): { file: Json; at: string } => {
    for (const e of examples) {
      const doc = e.json as { boxes: Json[] };
      const i = doc.boxes.findIndex((b) => b.generator === generator);
      if (i < 0) continue;
      const boxes = doc.boxes.map((b, j) => (j === i ? edit(b) : b));
      return { file: withDiagram({ ...doc, boxes }), at: `/diagram/boxes/${i}` };
    }
    throw new Error(`no example has a ${generator} box`);
  };

  it('refuses a config key out of its range, at its path', () => {
    const { file, at } = edited('linear', (b) => ({ ...b, config: { ...(b.config as Json), out: 0 } }));
    expect(problems(file)).toContain(`${at}/config/out must be >= 1`);
  });

  it('refuses a config key of the wrong type or kind, at its path', () => {
    const { file, at } = edited('loss', (b) => ({ ...b, config: { kind: 'hinge' } }));
    expect(problems(file)).toContain(`${at}/config/kind must be equal to one of the allowed values`);
    const init = edited('linear', (b) => ({ ...b, config: { out: 2, init: { kind: 'normal', sigma: -1 } } }));
    expect(problems(init.file)).toContain(`${init.at}/config/init/sigma must be > 0`);
  });

  it('refuses a missing key the box cannot do without (a parameter box’s shape)', () => {
    const { file, at } = edited('parameter', (b) => ({ ...b, config: { init: { kind: 'zeros' } } }));
    expect(problems(file)).toContain(`${at}/config must have required property 'shape'`);
  });

  it('refuses an unknown generator, at its path', () => {
    const { file, at } = edited('sigmoid', (b) => ({ ...b, generator: 'sigmoidal' }));
    expect(problems(file)).toContain(`${at}/generator must be equal to one of the allowed values`);
  });

  it('keeps allowing config keys a generator does not know, as the reader ignores them', () => {
    const { file } = edited('sigmoid', (b) => ({ ...b, config: { note: 'kept' } }));
    expect(problems(file)).toEqual([]);
  });
});
