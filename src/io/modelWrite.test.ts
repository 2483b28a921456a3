/**
 * A model file written from its parts (./modelWrite) on the io floor: every key in one fixed
 * order whatever order the parts hold them in, and nothing they add, so that a file read and
 * written again is the same JSON; a weight that is not finite refused with its name, value and
 * index; the step count written once as a whole number and as float32 in the manifest; a carried
 * file's unknown fields put back and its newer minor version kept for its own major version only;
 * the archive's manifest the JSON form's head at format 2.0 with each weight's place; the archive
 * chosen exactly when the JSON form would pass its cap.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import type { LensDocument } from './document';
import {
  ARCHIVE_HEADER_BYTES,
  type ArchiveEntry,
  ArchiveManifestSchema,
  bytesSource,
  checkLayout,
  MAX_ARCHIVE_WEIGHT_BYTES,
  readArchiveHead,
  readArchiveWeights,
} from './modelArchive';
import { type ModelFile, ModelFileSchema, type NamedArray, type TrainingConfig } from './modelSchema';
import { decodeWeights, encodeWeights, STEP_COUNT } from './modelWeights';
import {
  buildModelFile,
  jsonFormBytes,
  MAX_JSON_MODEL_CHARS,
  type ModelParts,
  modelArchiveChunks,
  modelFileText,
  needsArchive,
} from './modelWrite';
import { type Carried, unknownFields } from './unknownFields';
import { GENERATED_BY } from './version';

const seed = fcSeed();

const weight = (
  name: string,
  shape: number[],
  values: number[],
  group: 'model' | 'optimizer' = 'model',
): NamedArray => ({ name, shape, group, data: Float32Array.from(values) });

const createdAt = new Date('2026-12-06T01:02:03.456Z');

const diagram: LensDocument = {
  format: 'lensboard-document',
  version: 1,
  name: 'tiny',
  boxes: [{ id: 'x', generator: 'input', config: {}, position: { x: 0, y: 10 } }],
  wires: [],
  groups: [],
};

const trainingConfig: TrainingConfig = {
  dataset: { id: 'xor', options: { n: 4 }, featureShape: [2], labelShape: [1], task: 'regression' },
  loss: 'mse',
  optimiser: { kind: 'adam', learningRate: 0.01, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 },
  seed: 3,
  batchSize: 4,
  testFraction: 0.25,
  epochsDone: 2,
  stepsDone: 8,
};

/** A parameter, a bias, Adam's first moment of the parameter and its step count. */
const weights = [
  weight('W', [2, 1], [0.5, -1.5]),
  weight('b', [1], [0.25]),
  weight('W/m', [2, 1], [0.125, 0.0625], 'optimizer'),
  weight(STEP_COUNT, [], [8], 'optimizer'),
];

const parts = (over: Partial<ModelParts> = {}): ModelParts => ({
  diagram,
  trainingConfig,
  metrics: null,
  weights,
  createdAt,
  ...over,
});

/** The weights a file holds, decoded. */
function weightsOf(file: ModelFile): NamedArray[] {
  const r = decodeWeights(file.weightsManifest, file.weightData);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.weights;
}

const valuesOf = (ws: readonly NamedArray[]) => ws.map((w) => [w.name, w.shape, w.group, Array.from(w.data)]);

const join = (chunks: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

/** An archive's manifest as its text gives it, and its weights as a reader reads them. */
async function readArchive(chunks: readonly Uint8Array[]) {
  const bytes = join(chunks);
  const head = await readArchiveHead(bytesSource(bytes), bytes.length);
  if (!head.ok) throw new Error(JSON.stringify(head.errors));
  const raw = JSON.parse(head.json) as Record<string, unknown> & { weightsManifest: ArchiveEntry[] };
  expect(checkLayout(raw.weightsManifest, head.blobBytes, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([]);
  const read = await readArchiveWeights(bytesSource(bytes), head.blobStart, raw.weightsManifest);
  return { raw, weights: read, blobStart: head.blobStart };
}

/** What a reader of the JSON form keeps of a file's text: its parts, and what it did not know. */
function partsRead(text: string): ModelParts {
  const raw = JSON.parse(text);
  const file = ModelFileSchema.parse(raw);
  return {
    diagram: file.diagram,
    trainingConfig: file.trainingConfig,
    metrics: file.metrics,
    trainedOn: file.trainedOn,
    weights: weightsOf(file),
    createdAt: new Date(file.createdAt),
    carried: { formatMinor: file.formatMinor ?? 0, fields: unknownFields(raw, file) },
  };
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('buildModelFile', () => {
  it('writes every field in its one order, whatever order the parts hold them in, and none they add', () => {
    // the same parts with every object's keys reversed, and a key of their own in each
    const scrambled = {
      weights,
      createdAt,
      trainedOn: { extra: 1, engine: 'typed-float32' },
      metrics: { extra: 1, test: { extra: 1, accuracy: 0.5, loss: 0.75 }, train: { accuracy: null, loss: 0.5 } },
      trainingConfig: {
        extra: 1,
        stepsDone: 8,
        epochsDone: 2,
        testFraction: 0.25,
        batchSize: 4,
        seed: 3,
        optimiser: {
          extra: 1,
          epsilon: 1e-7,
          beta2: 0.999,
          beta1: 0.9,
          momentum: 0.9,
          learningRate: 0.01,
          kind: 'adam',
        },
        loss: 'mse',
        dataset: {
          extra: 1,
          preparation: { encoding: { by: 255, kind: 'divide' }, features: ['a', 'b'] },
          task: 'regression',
          labelShape: [1],
          featureShape: [2],
          options: { n: 4 },
          id: 'xor',
        },
      },
      diagram: {
        groups: [],
        wires: [],
        boxes: [{ position: { y: 10, x: 0 }, generator: 'input', id: 'x' }],
        version: 1,
        format: 'lensboard-document',
      },
    } as unknown as ModelParts;
    const { manifest, weightData } = encodeWeights(weights);
    const expected = {
      format: 'lensboard-model',
      formatVersion: 1,
      formatMinor: 4,
      generatedBy: GENERATED_BY,
      createdAt: '2026-12-06T01:02:03.456Z',
      diagram: {
        format: 'lensboard-document',
        version: 1,
        name: 'Untitled',
        boxes: [{ id: 'x', generator: 'input', config: {}, position: { x: 0, y: 10 } }],
        wires: [],
        groups: [],
      },
      trainingConfig: {
        dataset: {
          id: 'xor',
          options: { n: 4 },
          featureShape: [2],
          labelShape: [1],
          task: 'regression',
          preparation: { features: ['a', 'b'], encoding: { kind: 'divide', by: 255 } },
        },
        loss: 'mse',
        optimiser: { kind: 'adam', learningRate: 0.01, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 },
        seed: 3,
        batchSize: 4,
        testFraction: 0.25,
        epochsDone: 2,
        stepsDone: 8,
        optimiserSteps: 8,
      },
      metrics: { train: { loss: 0.5, accuracy: null }, test: { loss: 0.75, accuracy: 0.5 } },
      trainedOn: { engine: 'typed-float32' },
      weightsManifest: manifest,
      weightData,
    };
    expect(JSON.stringify(buildModelFile(scrambled))).toBe(JSON.stringify(expected));
    expect(GENERATED_BY).toBe('Lensboard 0.1.0');
  });

  it('leaves out what the parts do not have: a preparation, the engine, a step count, metrics', () => {
    const plain = [weight('W', [2], [1, 2]), weight(STEP_COUNT, [], [5])];
    const file = buildModelFile(parts({ weights: plain }));
    expect(Object.keys(file)).toEqual([
      'format',
      'formatVersion',
      'formatMinor',
      'generatedBy',
      'createdAt',
      'diagram',
      'trainingConfig',
      'metrics',
      'weightsManifest',
      'weightData',
    ]);
    expect(Object.keys(file.trainingConfig.dataset)).toEqual(['id', 'options', 'featureShape', 'labelShape', 'task']);
    expect(Object.keys(file.trainingConfig)).not.toContain('optimiserSteps');
    expect(file.metrics).toBeNull();
    // a weight named as the step count outside the optimiser's group is a weight like any other
    expect(valuesOf(weightsOf(file))).toEqual(valuesOf(plain));
    const one = buildModelFile(parts({ metrics: { train: null, test: { loss: 2, accuracy: null } } })).metrics;
    expect(JSON.stringify(one)).toBe('{"train":null,"test":{"loss":2,"accuracy":null}}');
  });

  it('copies the shapes given, and leaves the parts as they were', () => {
    const config = structuredClone(trainingConfig);
    const ws = weights.map((w) => ({ ...w, shape: [...w.shape], data: w.data.slice() }));
    const file = buildModelFile(parts({ trainingConfig: config, weights: ws }));
    config.dataset.featureShape.push(3);
    config.dataset.labelShape.push(3);
    ws[0].shape.push(1);
    expect(file.trainingConfig.dataset.featureShape).toEqual([2]);
    expect(file.trainingConfig.dataset.labelShape).toEqual([1]);
    expect(file.weightsManifest[0].shape).toEqual([2, 1]);
    expect(config.optimiserSteps).toBeUndefined();
    expect(ws.map((w) => Array.from(w.data))).toEqual(weights.map((w) => Array.from(w.data)));
  });

  it('stamps the time given, or now', () => {
    expect(buildModelFile(parts()).createdAt).toBe('2026-12-06T01:02:03.456Z');
    const before = Date.now();
    const stamped = Date.parse(buildModelFile(parts({ createdAt: undefined })).createdAt);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });
});

describe('weights that are not finite', () => {
  it('are refused in either form, naming the first such weight, its value and its index', () => {
    for (const [bad, at, said] of [
      [[Number.NaN, 1], 0, 'NaN'],
      [[1, Number.POSITIVE_INFINITY], 1, 'Infinity'],
      [[0, Number.NEGATIVE_INFINITY], 1, '-Infinity'],
    ] as const) {
      const ws = [weight('ok', [2], [0, 1]), weight('W2', [2], [...bad]), weight('W3', [1], [Number.NaN])];
      const message = `weight 'W2' holds ${said} at index ${at}: training diverged`;
      expect(() => buildModelFile(parts({ weights: ws }))).toThrow(message);
      expect(() => modelArchiveChunks(parts({ weights: ws }))).toThrow(message);
    }
  });

  it('are refused before the step count is looked at', () => {
    const ws = [weight(STEP_COUNT, [], [Number.NaN], 'optimizer')];
    expect(() => buildModelFile(parts({ weights: ws }))).toThrow(
      `weight '${STEP_COUNT}' holds NaN at index 0: training diverged`,
    );
  });
});

describe('the step count', () => {
  it('is written once as a whole number, and as its nearest float32 in the manifest, past 2^24', () => {
    const steps = 2 ** 24 + 1;
    const ws = [weight(STEP_COUNT, [], [3], 'optimizer'), ...weights.slice(0, 3)];
    const file = buildModelFile(parts({ trainingConfig: { ...trainingConfig, optimiserSteps: steps }, weights: ws }));
    expect(file.trainingConfig.optimiserSteps).toBe(steps);
    expect(valuesOf(weightsOf(file))).toEqual([
      [STEP_COUNT, [], 'optimizer', [2 ** 24]],
      ...valuesOf(weights.slice(0, 3)),
    ]);
    // the caller's weight keeps its value
    expect(Array.from(ws[0].data)).toEqual([3]);
  });

  it('is taken from the weight when the training config has none', () => {
    const file = buildModelFile(parts());
    expect(file.trainingConfig.optimiserSteps).toBe(8);
    expect(valuesOf(weightsOf(file))).toEqual(valuesOf(weights));
    const zero = [weight(STEP_COUNT, [], [0], 'optimizer')];
    expect(buildModelFile(parts({ weights: zero })).trainingConfig.optimiserSteps).toBe(0);
  });

  it('is refused unless a whole number from 0 to 2^53 − 1, in either form', () => {
    const withSteps = (value: number, fromConfig: boolean) =>
      parts({
        trainingConfig: fromConfig ? { ...trainingConfig, optimiserSteps: value } : trainingConfig,
        weights: [weight(STEP_COUNT, [], [fromConfig ? 1 : value], 'optimizer')],
      });
    for (const [value, fromConfig] of [
      [2.5, false],
      [-1, false],
      [2 ** 53, false],
      [0.5, true],
      [-2, true],
      [2 ** 53, true],
    ] as const) {
      const message = `the optimiser's step count ${STEP_COUNT} is ${value}, not a whole number ≥ 0`;
      expect(() => buildModelFile(withSteps(value, fromConfig)), `${value}`).toThrow(message);
      expect(() => modelArchiveChunks(withSteps(value, fromConfig)), `${value}`).toThrow(message);
    }
  });
});

describe('a carried file', () => {
  const fields: Carried['fields'] = [
    { path: ['comment'], value: 'kept' },
    { path: ['trainingConfig', 'dataset', 'note'], value: { a: 1 } },
    { path: ['weightsManifest', 0, 'hint'], value: true },
  ];

  it('keeps the minor version it was read at when newer, for its own major version only', async () => {
    const minors = async (carried?: Carried) => {
      const json = buildModelFile(parts({ carried })).formatMinor;
      const { raw } = await readArchive(modelArchiveChunks(parts({ carried })));
      return [json, raw.formatMinor];
    };
    expect(await minors()).toEqual([4, 0]);
    expect(await minors({ formatMinor: 7, fields: [] })).toEqual([7, 0]);
    expect(await minors({ formatVersion: 1, formatMinor: 6, fields: [] })).toEqual([6, 0]);
    expect(await minors({ formatMinor: 2, fields: [] })).toEqual([4, 0]);
    expect(await minors({ formatVersion: 2, formatMinor: 9, fields: [] })).toEqual([4, 9]);
  });

  it('gets its unknown fields back where they were, in either form', async () => {
    const file = buildModelFile(parts({ carried: { formatMinor: 4, fields } })) as ModelFile & Record<string, unknown>;
    expect(file.comment).toBe('kept');
    expect(file.trainingConfig.dataset).toMatchObject({ note: { a: 1 } });
    expect(file.weightsManifest[0]).toMatchObject({ name: 'W', hint: true });
    expect(Object.keys(file).at(-1)).toBe('comment');

    const { raw } = await readArchive(
      modelArchiveChunks(parts({ carried: { formatVersion: 2, formatMinor: 0, fields } })),
    );
    expect(raw.comment).toBe('kept');
    expect(raw.trainingConfig).toMatchObject({ dataset: { note: { a: 1 } } });
    expect(raw.weightsManifest[0]).toMatchObject({ name: 'W', offset: 0, hint: true });
  });

  it('has nothing added without one', async () => {
    const file = buildModelFile(parts()) as ModelFile & Record<string, unknown>;
    expect(file.comment).toBeUndefined();
    const { raw } = await readArchive(modelArchiveChunks(parts()));
    expect(raw.comment).toBeUndefined();
  });

  it('is written again as the same JSON: the 1.4 fixture, and one of a newer minor with fields this Lensboard does not know', () => {
    const text = fixture('model-v1.4.json');
    expect(modelFileText(partsRead(text))).toBe(`${JSON.stringify(JSON.parse(text))}\n`);
    const newer = JSON.parse(text);
    newer.formatMinor = 9;
    newer.trainingConfig.schedule = { kind: 'cosine' };
    newer.future = [1, 'two'];
    const newerText = `${JSON.stringify(newer)}\n`;
    expect(modelFileText(partsRead(newerText))).toBe(newerText);
  });
});

describe('modelFileText', () => {
  it('is the file as compact JSON with one final newline', () => {
    const text = modelFileText(parts());
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(2);
    expect(text).not.toMatch(/": |, "/);
    expect(JSON.parse(text)).toEqual(buildModelFile(parts()));
  });
});

describe('modelArchiveChunks', () => {
  it('writes the JSON form’s head at format 2.0, then each weight’s place, then each weight’s own bytes', async () => {
    const p = parts({
      trainedOn: { engine: 'typed-float32' },
      metrics: { train: { loss: 1, accuracy: 0.5 }, test: null },
    });
    const { weightData: _, weightsManifest: __, ...head } = buildModelFile(p);
    const chunks = modelArchiveChunks(p);
    expect(chunks).toHaveLength(1 + weights.length);
    // the weights' bytes are the arrays' own, the step count's a float32 made for it
    for (const k of [0, 1, 2]) expect(chunks[1 + k].buffer).toBe(weights[k].data.buffer);
    expect(Array.from(chunks[4])).toEqual(Array.from(new Uint8Array(Float32Array.of(8).buffer)));

    const { raw, weights: read, blobStart } = await readArchive(chunks);
    expect(blobStart).toBe(chunks[0].length);
    expect(blobStart - ARCHIVE_HEADER_BYTES).toBe(new DataView(chunks[0].buffer).getUint32(8, true));
    const { weightsManifest, ...rest } = raw;
    expect(JSON.stringify(rest)).toBe(JSON.stringify({ ...head, formatVersion: 2, formatMinor: 0 }));
    expect(weightsManifest).toEqual([
      { name: 'W', shape: [2, 1], dtype: 'float32', group: 'model', offset: 0, byteLength: 8 },
      { name: 'b', shape: [1], dtype: 'float32', group: 'model', offset: 8, byteLength: 4 },
      { name: 'W/m', shape: [2, 1], dtype: 'float32', group: 'optimizer', offset: 12, byteLength: 8 },
      { name: STEP_COUNT, shape: [], dtype: 'float32', group: 'optimizer', offset: 20, byteLength: 4 },
    ]);
    expect(ArchiveManifestSchema.safeParse(raw).success).toBe(true);
    expect(valuesOf(read)).toEqual(valuesOf(weights));
  });

  it('writes the step count once as a whole number, and as its nearest float32 in the bytes', async () => {
    const steps = 2 ** 24 + 1;
    const { raw, weights: read } = await readArchive(
      modelArchiveChunks(parts({ trainingConfig: { ...trainingConfig, optimiserSteps: steps } })),
    );
    expect(raw.trainingConfig).toMatchObject({ optimiserSteps: steps });
    expect(Array.from(read[3].data)).toEqual([2 ** 24]);
    const none = await readArchive(modelArchiveChunks(parts({ weights: weights.slice(0, 3) })));
    expect(Object.keys(none.raw.trainingConfig as object)).not.toContain('optimiserSteps');
  });
});

describe('jsonFormBytes and needsArchive', () => {
  it('jsonFormBytes is exactly the length of the weights’ base64', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 40 }), { maxLength: 4 }), (sizes) => {
        const ws = sizes.map((n, k) =>
          weight(
            `w${k}`,
            [n],
            Array.from({ length: n }, (_, i) => i),
          ),
        );
        expect(jsonFormBytes(ws)).toBe(encodeWeights(ws).weightData.length);
      }),
      { seed, numRuns: 100 },
    );
  });

  it('chooses the archive exactly when the base64 and 1 MB for the diagram pass 50 MB', () => {
    expect(MAX_JSON_MODEL_CHARS).toBe(50_000_000);
    // 9 187 500 float32 values are 36 750 000 bytes, 49 000 000 characters of base64
    const zeros = (name: string, n: number): NamedArray => ({
      name,
      shape: [n],
      group: 'model',
      data: new Float32Array(n),
    });
    const at = [zeros('a', 4_000_000), zeros('b', 5_187_500)];
    expect(jsonFormBytes(at)).toBe(49_000_000);
    expect(needsArchive(at)).toBe(false);
    const past = [at[0], zeros('b', 5_187_501)];
    expect(jsonFormBytes(past)).toBe(49_000_008);
    expect(needsArchive(past)).toBe(true);
    expect(needsArchive([])).toBe(false);
  });
});
