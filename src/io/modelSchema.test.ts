/**
 * The model file's schema (./modelSchema) on the io floor: the 1.4 fixture read back as written;
 * the creation date as RFC 3339 with the days each month has (leap years by the Gregorian rule);
 * and each field's limits — a dimension from 1 to 2^28, at most 8 axes, the weights' groups, the
 * metrics' accuracy in [0, 1] or null, the step counts whole and not negative, weightData base64
 * — at the edge and one past it, at its JSON path with its message.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type * as ModelModule from './modelSchema';
import { MODEL_FORMAT, MODEL_MINOR, MODEL_VERSION } from './modelSchema';
import { formatPath } from './untrusted';

/**
 * Each test reads the schemas of a load of its own: lazySchema builds a schema on its first read,
 * so with one load shared by the file only the first test to read it would run the code that
 * builds it, and the rules the later tests check would never be checked as built.
 */
let loads = 0;
let ModelFileSchema: typeof ModelModule.ModelFileSchema;
let DateTimeSchema: typeof ModelModule.DateTimeSchema;
beforeEach(async () => {
  ({ ModelFileSchema, DateTimeSchema } = (await import(
    /* @vite-ignore */ `./modelSchema?build-${++loads}`
  )) as typeof ModelModule);
});

type Json = Record<string | number, unknown>;

const fixture = (): Json =>
  JSON.parse(readFileSync(new URL('./fixtures/model-v1.4.json', import.meta.url), 'utf8')) as Json;

/** Each refusal as [path, message]; [] when the file is read. */
const refusals = (json: unknown) => {
  const r = ModelFileSchema.safeParse(json);
  return r.success ? [] : r.error.issues.map((i) => [formatPath(i.path), i.message]);
};

/** The fixture with one field set (or deleted, for undefined): `at` is its path as keys. */
function withField(at: readonly (string | number)[], value: unknown): Json {
  const file = fixture();
  let o = file;
  for (const k of at.slice(0, -1)) o = o[k] as Json;
  const last = at[at.length - 1];
  if (value === undefined) delete o[last];
  else o[last] = value;
  return file;
}

const dateMessage = 'must be an RFC 3339 date-time such as 2026-12-02T03:32:04Z or 2026-12-02T04:32:04+01:00';

describe('ModelFileSchema', () => {
  it('is major version 1, minor 4, and reads the 1.4 fixture as it is written', () => {
    expect([MODEL_FORMAT, MODEL_VERSION, MODEL_MINOR]).toEqual(['lensboard-model', 1, 4]);
    const file = fixture();
    const read = ModelFileSchema.parse(file) as unknown as Json;
    expect(read.trainingConfig).toEqual(file.trainingConfig);
    expect(read.weightsManifest).toEqual(file.weightsManifest);
    expect([read.metrics, read.trainedOn, read.createdAt, read.weightData]).toEqual([
      file.metrics,
      file.trainedOn,
      file.createdAt,
      file.weightData,
    ]);
  });

  it('takes each limit exactly, and what may be absent or null', () => {
    const dims = (n: number) => Array.from({ length: n }, () => 1);
    for (const [at, value] of [
      [['weightsManifest', 0, 'shape'], [2 ** 28]],
      [['weightsManifest', 0, 'shape'], dims(8)],
      [['weightsManifest', 0, 'shape'], []],
      [['weightsManifest', 0, 'name'], 'x'.repeat(200)],
      [['weightsManifest', 0, 'name'], 'W'],
      [['weightsManifest', 0, 'group'], 'optimizer'],
      [['trainingConfig', 'dataset', 'featureShape'], dims(8)],
      [['trainingConfig', 'dataset', 'labelShape'], [2 ** 28]],
      [['trainingConfig', 'dataset', 'id'], 'x'.repeat(64)],
      [['trainingConfig', 'dataset', 'task'], 'regression'],
      [['trainingConfig', 'dataset', 'task'], 'boolean'],
      [['trainingConfig', 'dataset', 'preparation'], undefined],
      [['trainingConfig', 'epochsDone'], Number.MAX_SAFE_INTEGER],
      [['trainingConfig', 'stepsDone'], 0],
      [['trainingConfig', 'optimiserSteps'], 12],
      [['trainingConfig', 'optimiserSteps'], undefined],
      [['metrics'], null],
      [['metrics', 'train'], null],
      [['metrics', 'test'], { loss: 2.5, accuracy: null }],
      [['metrics', 'train', 'accuracy'], 0],
      [['metrics', 'train', 'accuracy'], 1],
      [['trainedOn'], undefined],
      [['trainedOn', 'engine'], 'x'.repeat(64)],
      [['formatMinor'], undefined],
      [['formatMinor'], 0],
      [['generatedBy'], 'x'.repeat(100)],
      [['weightData'], ''],
      [['weightData'], 'AA=='],
      [['weightData'], 'AAA='],
      [['weightData'], 'a+/9'],
    ] as const)
      expect(refusals(withField(at, value)), `${at.join('.')} ${JSON.stringify(value)}`).toEqual([]);
  });

  it('refuses one past each limit, at its path', () => {
    const big = (n: number, what: string) =>
      `Too big: expected ${what} to have <=${n} ${what === 'string' ? 'characters' : 'items'}`;
    const small = (n: number) => `Too small: expected string to have >=${n} characters`;
    const nine = Array.from({ length: 9 }, () => 1);
    const base64 = 'weightData must be base64 (A–Z a–z 0–9 + / and = padding)';
    for (const [at, value, path, message] of [
      [
        ['weightsManifest', 0, 'shape'],
        [2 ** 28 + 1],
        'weightsManifest[0].shape[0]',
        'Too big: expected number to be <=268435456',
      ],
      [['weightsManifest', 0, 'shape'], [0], 'weightsManifest[0].shape[0]', 'Too small: expected number to be >=1'],
      [
        ['weightsManifest', 0, 'shape'],
        [1.5],
        'weightsManifest[0].shape[0]',
        'Invalid input: expected int, received number',
      ],
      [['weightsManifest', 0, 'shape'], nine, 'weightsManifest[0].shape', big(8, 'array')],
      [['weightsManifest', 0, 'name'], '', 'weightsManifest[0].name', small(1)],
      [['weightsManifest', 0, 'name'], 'x'.repeat(201), 'weightsManifest[0].name', big(200, 'string')],
      [['weightsManifest', 0, 'dtype'], 'float64', 'weightsManifest[0].dtype', 'Invalid input: expected "float32"'],
      [
        ['weightsManifest', 0, 'group'],
        'state',
        'weightsManifest[0].group',
        'Invalid option: expected one of "model"|"optimizer"',
      ],
      [['trainingConfig', 'dataset', 'featureShape'], nine, 'trainingConfig.dataset.featureShape', big(8, 'array')],
      [['trainingConfig', 'dataset', 'labelShape'], nine, 'trainingConfig.dataset.labelShape', big(8, 'array')],
      [
        ['trainingConfig', 'dataset', 'labelShape'],
        [0],
        'trainingConfig.dataset.labelShape[0]',
        'Too small: expected number to be >=1',
      ],
      [['trainingConfig', 'dataset', 'id'], '', 'trainingConfig.dataset.id', small(1)],
      [['trainingConfig', 'dataset', 'id'], 'x'.repeat(65), 'trainingConfig.dataset.id', big(64, 'string')],
      [
        ['trainingConfig', 'dataset', 'options'],
        undefined,
        'trainingConfig.dataset.options',
        'Invalid input: expected record, received undefined',
      ],
      [
        ['trainingConfig', 'dataset', 'task'],
        'ranking',
        'trainingConfig.dataset.task',
        'Invalid option: expected one of "classification"|"regression"|"boolean"',
      ],
      [['trainingConfig', 'epochsDone'], -1, 'trainingConfig.epochsDone', 'Too small: expected number to be >=0'],
      [
        ['trainingConfig', 'stepsDone'],
        0.5,
        'trainingConfig.stepsDone',
        'Invalid input: expected int, received number',
      ],
      [
        ['trainingConfig', 'optimiserSteps'],
        -1,
        'trainingConfig.optimiserSteps',
        'Too small: expected number to be >=0',
      ],
      [
        ['trainingConfig', 'optimiser', 'momentum'],
        undefined,
        'trainingConfig.optimiser.momentum',
        'Invalid input: expected nonoptional, received undefined',
      ],
      [
        ['trainingConfig', 'optimiser', 'epsilon'],
        undefined,
        'trainingConfig.optimiser.epsilon',
        'Invalid input: expected nonoptional, received undefined',
      ],
      [
        ['trainingConfig', 'seed'],
        undefined,
        'trainingConfig.seed',
        'Invalid input: expected number, received undefined',
      ],
      [
        ['trainingConfig', 'loss'],
        undefined,
        'trainingConfig.loss',
        expect.stringMatching(/^Invalid option: expected one of /),
      ],
      [['metrics', 'train', 'accuracy'], 1.01, 'metrics.train.accuracy', 'Too big: expected number to be <=1'],
      [['metrics', 'train', 'accuracy'], -0.01, 'metrics.train.accuracy', 'Too small: expected number to be >=0'],
      [['metrics', 'train', 'loss'], null, 'metrics.train.loss', 'Invalid input: expected number, received null'],
      [['metrics', 'test'], undefined, 'metrics.test', 'Invalid input: expected object, received undefined'],
      [['trainedOn', 'engine'], '', 'trainedOn.engine', small(1)],
      [['trainedOn', 'engine'], 'x'.repeat(65), 'trainedOn.engine', big(64, 'string')],
      [['generatedBy'], '', 'generatedBy', small(1)],
      [['generatedBy'], 'x'.repeat(101), 'generatedBy', big(100, 'string')],
      [['formatMinor'], -1, 'formatMinor', 'Too small: expected number to be >=0'],
      [['formatVersion'], 2, 'formatVersion', 'Invalid input: expected 1'],
      [['format'], 'lensboard-document', 'format', 'Invalid input: expected "lensboard-model"'],
      [['weightData'], 'AA==A', 'weightData', base64],
      [['weightData'], 'AA===', 'weightData', base64],
      [['weightData'], 'AA-_', 'weightData', base64],
      [['weightData'], ' AAAA', 'weightData', base64],
      [['weightData'], 'AAAA ', 'weightData', base64],
    ] as const)
      expect(refusals(withField(at, value)), `${at.join('.')} ${JSON.stringify(value)}`).toEqual([[path, message]]);
  });
});

describe('DateTimeSchema', () => {
  const read = (s: string) => {
    const r = DateTimeSchema.safeParse(s);
    return r.success ? 'ok' : r.error.issues.map((i) => i.message).join('; ');
  };

  it('takes an RFC 3339 date-time with any offset, fractions and a leap second', () => {
    for (const s of [
      '2026-12-02T03:32:04Z',
      '2026-12-02t03:32:04z',
      '2026-12-02T04:32:04+01:00',
      '2026-12-01T22:02:04-05:30',
      '2026-12-31T23:59:60.123456Z',
      '0000-01-01T00:00:00Z',
    ])
      expect(read(s), s).toBe('ok');
  });

  it('refuses what is not one, with the form it wants', () => {
    for (const s of [
      '2026-12-02',
      '2026-12-02 03:32:04Z',
      '2026-12-02T03:32:04',
      '2026-13-02T03:32:04Z',
      '2026-00-02T03:32:04Z',
      '2026-12-32T03:32:04Z',
      '2026-12-02T24:00:00Z',
      '2026-12-02T03:60:04Z',
      '2026-12-02T03:32:04+24:00',
      'x2026-12-02T03:32:04Z',
      '2026-12-02T03:32:04Zx',
    ])
      expect(read(s), s).toBe(dateMessage);
  });

  it('refuses a day its month does not have: 30 days in April, June, September and November, February by the leap year', () => {
    const last = (year: number, month: number) =>
      [28, 29, 30, 31].filter((d) => read(`${year}-${String(month).padStart(2, '0')}-${d}T00:00:00Z`) === 'ok').at(-1);
    expect(Array.from({ length: 12 }, (_, i) => last(2026, i + 1))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect([2024, 2000, 1900, 2100, 2023, 2400].map((y) => last(y, 2))).toEqual([29, 29, 28, 28, 28, 29]);
    expect(read('2026-02-29T00:00:00Z')).toBe('names a day its month does not have');
    expect(read('2026-04-31T12:00:00+02:00')).toBe('names a day its month does not have');
  });

  it('is marked as a date-time for the JSON Schema', () => {
    expect(DateTimeSchema.meta()).toEqual({ format: 'date-time' });
  });
});
