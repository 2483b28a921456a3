/**
 * The versioned promise of docs/model-format.md: every version ever written (a fixture each,
 * in fixtures/) opens and migrates to the current one; a newer minor version opens with its
 * unknown fields ignored and kept, so writing it again gives them back; what the table allows
 * (`metrics: null`, any RFC 3339 offset) is read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_MINOR, MODEL_VERSION } from '../io/modelSchema';
import { modelFileText } from '../io/modelWrite';
import { findUnsafe } from '../io/untrusted';
import { fcSeed } from '../testing/seed';
import { parseModel, parseModelText } from './modelParse';
import { loadModel } from './modelRuntime';

const dir = new URL('../io/fixtures/', import.meta.url);
/** `model-v0.json` (the draft), `model-v1.json` (1.0), `model-v1.1.json`… */
const FIXTURE = /^model-v(\d+)(?:\.(\d+))?\.json$/;
const fixtures = readdirSync(dir)
  .map((name) => ({ name, m: FIXTURE.exec(name) }))
  .flatMap(({ name, m }) => (m ? [{ name, major: Number(m[1]), minor: Number(m[2] ?? 0) }] : []));
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
/** The fixture of the version this Lensboard writes. */
const current = () => JSON.parse(read(`model-v${MODEL_VERSION}.${MODEL_MINOR}.json`));

function opened(json: unknown) {
  const r = parseModel(json);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
}

/** A parsed file written again as it was read, as Export model writes an opened file. */
function writtenAgain(json: unknown): Record<string, unknown> {
  const r = opened(json);
  const { diagram, trainingConfig, metrics } = r.model;
  const createdAt = new Date('2026-12-05T00:00:00Z');
  const { trainedOn } = r.model;
  const parts = { diagram, trainingConfig, metrics, weights: r.weights, createdAt, trainedOn, carried: r.carried };
  return JSON.parse(modelFileText(parts));
}

describe('every model-file version ever written', () => {
  it('has its fixture, down to version 0 and up to this one', () => {
    const versions = fixtures.map((f) => `${f.major}.${f.minor}`);
    expect(versions).toEqual(
      expect.arrayContaining(['0.0', '1.0', '1.1', '1.2', '1.3', `${MODEL_VERSION}.${MODEL_MINOR}`]),
    );
  });

  it.each(fixtures)('$name opens and migrates to the current version', ({ name, major }) => {
    const r = parseModelText(read(name));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.model.formatVersion).toBe(MODEL_VERSION);
    expect(r.migratedFrom).toBe(major < MODEL_VERSION ? major : undefined);
    const names = r.weights.map((w) => `${w.group}:${w.name}`);
    expect(names).toContain('model:W1.W');
    expect(names).toContain('optimizer:optimizer/t');
    expect(r.carried.fields).toEqual([]);
    const again = writtenAgain(JSON.parse(read(name)));
    expect([again.formatVersion, again.formatMinor]).toEqual([MODEL_VERSION, MODEL_MINOR]);
    expect(opened(again).weights).toEqual(r.weights);
    // the step count is one whole number, which the float32 optimizer/t agrees with
    const t = r.weights.find((w) => w.name === 'optimizer/t')?.data[0];
    expect(r.model.trainingConfig.optimiserSteps).toBe(t);
    expect((again.trainingConfig as Record<string, unknown>).optimiserSteps).toBe(t);
  });

  it('1.0 to 1.3 take the step count from optimizer/t; 1.4 states it and the engine', () => {
    for (const older of ['model-v1.1.json', 'model-v1.2.json', 'model-v1.3.json'])
      expect(opened(JSON.parse(read(older))).model.trainingConfig).toMatchObject({ stepsDone: 32, optimiserSteps: 32 });
    const r = opened(JSON.parse(read('model-v1.4.json')));
    expect(r.model.trainingConfig).toMatchObject({ stepsDone: 64, optimiserSteps: 64 });
    expect(r.model.trainedOn).toEqual({ engine: 'typed-float32' });
  });
});

describe('the step count holds one truth', () => {
  const refusal = (edit: (m: ReturnType<typeof current>) => void) => {
    const m = current();
    edit(m);
    const r = parseModel(m);
    return r.ok ? 'read' : r.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
  };

  it('refuses optimiserSteps that optimizer/t disagrees with, or that is missing from 1.2, or above stepsDone', () => {
    expect(refusal((m) => (m.trainingConfig.optimiserSteps = 63))).toMatch(
      /^trainingConfig\.optimiserSteps: is 63, but 'optimizer\/t' \(weightsManifest\[12\]\) holds 64: they must agree$/,
    );
    expect(refusal((m) => delete m.trainingConfig.optimiserSteps)).toMatch(/optimiserSteps: is missing/);
    expect(refusal((m) => (m.trainingConfig.stepsDone = 10))).toMatch(/more steps than the run \(stepsDone 10\)/);
    expect(refusal((m) => (m.trainingConfig.optimiserSteps = 1.5))).toMatch(
      /^trainingConfig\.optimiserSteps: .*expected int/,
    );
  });

  it('keeps a count past 2²⁴ exact, where the float32 optimizer/t cannot', () => {
    const r = opened(current());
    const big = 2 ** 24 + 1;
    const { diagram, metrics } = r.model;
    const trainingConfig = { ...r.model.trainingConfig, stepsDone: big + 5, optimiserSteps: big };
    const text = modelFileText({ diagram, trainingConfig, metrics, weights: r.weights });
    const again = opened(JSON.parse(text));
    expect(again.model.trainingConfig.optimiserSteps).toBe(big);
    expect(again.weights.find((w) => w.name === 'optimizer/t')?.data[0]).toBe(2 ** 24);
  });
});

describe('a newer minor version', () => {
  const newer = () => {
    const m = current();
    m.formatMinor = MODEL_MINOR + 4;
    m.engine = { id: 'typed-f32', note: 'a field a later minor version adds' };
    m.trainingConfig.augmentation = [{ feature: 0, jitter: 1 / 255 }];
    m.trainingConfig.optimiser.schedule = 'cosine';
    m.weightsManifest[0].quantised = false;
    m.metrics.train.f1 = 0.5;
    m.diagram.boxes[1].colour = '#abcdef';
    m.diagram.groups.push({ id: 'g', name: 'g', position: { x: 0, y: 0 }, inputs: [], outputs: [], folded: true });
    return m;
  };

  it('reads as the same model, its unknown fields ignored', () => {
    const plain = current();
    plain.diagram.groups.push({ id: 'g', name: 'g', position: { x: 0, y: 0 }, inputs: [], outputs: [] });
    const r = opened(newer());
    expect(r.model).toEqual({ ...opened(plain).model, formatMinor: MODEL_MINOR + 4 });
    expect(r.carried.formatMinor).toBe(MODEL_MINOR + 4);
    expect(r.carried.fields.map((f) => f.path.join('.'))).toEqual([
      'diagram.boxes.1.colour',
      `diagram.groups.${plain.diagram.groups.length - 1}.folded`,
      'trainingConfig.optimiser.schedule',
      'trainingConfig.augmentation',
      'metrics.train.f1',
      'weightsManifest.0.quantised',
      'engine',
    ]);
  });

  it('written again as read, keeps every unknown field where it was and its minor version', () => {
    const file = newer();
    const again = writtenAgain(file);
    expect({ ...again, createdAt: file.createdAt }).toEqual(file);
  });

  it('written as a new model (no carried fields), holds only the fields this version knows', () => {
    const r = opened(newer());
    const { diagram, trainingConfig, metrics } = r.model;
    const text = modelFileText({ diagram, trainingConfig, metrics, weights: r.weights });
    expect(JSON.parse(text)).toMatchObject({ formatMinor: MODEL_MINOR });
    expect(text).not.toMatch(/colour|folded|schedule|augmentation|f1|quantised|engine/);
  });

  it('keeps any unknown field at the top or in trainingConfig on a round trip (property)', () => {
    const seed = fcSeed('round-trip property');
    const known = new Set([...Object.keys(current()), ...Object.keys(current().trainingConfig)]);
    const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k));
    // Fields the checked door lets in: it refuses `__proto__`, `constructor` and `prototype` at
    // any depth (docs/untrusted-input.md), so those are no unknown field to keep.
    const extras = fc
      .dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
      .filter((extra) => findUnsafe(extra) === undefined);
    fc.assert(
      fc.property(extras, fc.boolean(), (extra, inner) => {
        const file = current();
        if (inner) Object.assign(file.trainingConfig, extra);
        else Object.assign(file, extra);
        const again = writtenAgain(JSON.parse(JSON.stringify(file)));
        expect({ ...again, createdAt: file.createdAt }).toEqual(JSON.parse(JSON.stringify(file)));
      }),
      { seed, numRuns: 60 },
    );
  });
});

describe('what the format allows is read', () => {
  it('metrics: null, written back as null', () => {
    const again = writtenAgain({ ...current(), metrics: null });
    expect(again.metrics).toBeNull();
  });

  it.each([
    '2026-12-02T03:32:04+00:00',
    '2026-12-02T03:32:04.5-05:30',
    '2026-12-02T03:32:04+14:00',
    '2026-12-02t03:32:04z',
    '2026-12-31T23:59:60Z',
    '2028-02-29T00:00:00Z',
  ])('createdAt %s (RFC 3339, any offset)', (createdAt) => {
    expect(opened({ ...current(), createdAt }).model.createdAt).toBe(createdAt);
  });
});

describe('the preparation (1.3, docs/model-format.md, *The preparation*)', () => {
  it('is read from 1.3 and absent before; a file without it predicts its rows as given', () => {
    const now = opened(JSON.parse(read('model-v1.3.json'))).model.trainingConfig.dataset.preparation;
    expect(now).toEqual({
      features: ['x', 'y'],
      encoding: { kind: 'identity' },
      classes: { names: ['negative', 'positive'], encoding: 'onehot' },
    });
    const older = fixtures.filter((f) => f.major < 1 || (f.major === 1 && f.minor < 3));
    for (const f of older)
      expect(opened(JSON.parse(read(f.name))).model.trainingConfig.dataset.preparation).toBeUndefined();
    const rows = [
      [0.5, -1],
      [2, 3],
    ];
    const [before, after] = [loadModel(read('model-v1.2.json')), loadModel(read('model-v1.3.json'))];
    expect(after.predict(rows)).toEqual(before.predict(rows));
    expect(after.predict(rows, { prepared: true })).toEqual(before.predict(rows, { prepared: true }));
    expect(after.className([0.1, 0.9])).toBe('positive');
    expect(before.className([0.1, 0.9])).toBeNull();
  });

  it('is refused at its path when it does not fit the model', () => {
    const m = JSON.parse(read('model-v1.3.json'));
    m.trainingConfig.dataset.preparation.encoding = { kind: 'standardise', mean: [0], std: [1, 0] };
    const r = parseModel(m);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.path)).toEqual([
      'trainingConfig.dataset.preparation.encoding.std[1]',
      'trainingConfig.dataset.preparation.encoding.mean',
    ]);
    m.trainingConfig.dataset.preparation = { features: ['x', 'y', 'z'], encoding: { kind: 'identity' } };
    expect(() => loadModel(m)).toThrow(
      /trainingConfig\.dataset\.preparation\.encoding: gives 3 values a row; the model takes 2/,
    );
  });
});
