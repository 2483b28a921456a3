/**
 * Reading model files: every version's fixture opens (version 0, the CLI's draft, migrates
 * forward), and each kind of bad file is refused with the JSON path of what to fix.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODEL_MINOR, MODEL_VERSION } from '../io/modelSchema';
import { MAX_MODEL_CHARS, parseModel, parseModelText } from './modelParse';
import { openFile } from './openFile';

const fixture = (v: number) => readFileSync(new URL(`../io/fixtures/model-v${v}.json`, import.meta.url), 'utf8');
const v1 = () => JSON.parse(fixture(1));

function refusal(json: unknown) {
  const r = parseModel(json);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.errors;
}

/** Base64 of float32 values, little-endian. */
function base64Of(values: number[]): string {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((x, i) => {
    view.setFloat32(i * 4, x, true);
  });
  return btoa(String.fromCharCode(...new Uint8Array(view.buffer)));
}

describe('model file versions (every fixture: modelVersions.test.ts)', () => {
  it('keeps the draft weights exactly and gives the optimiser its state before a first step', () => {
    const draft = JSON.parse(fixture(0));
    const r = parseModel(draft);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    for (const w of draft.weights) {
      const got = r.weights.find((x) => x.group === 'model' && x.name === w.name);
      expect(Array.from(got?.data ?? [])).toEqual(Array.from(Float32Array.from(w.values)));
    }
    expect(r.weights.filter((w) => w.group === 'optimizer').every((w) => w.data.every((x) => x === 0))).toBe(true);
    expect(r.model.trainingConfig).toMatchObject({
      epochsDone: 1,
      stepsDone: 32,
      seed: 3,
      loss: 'softmax-cross-entropy',
    });
  });
});

describe('refused model files name what to fix', () => {
  it('a newer formatVersion, naming both versions', () => {
    expect(refusal({ ...v1(), formatVersion: MODEL_VERSION + 1 })).toEqual([
      { path: 'formatVersion', message: expect.stringMatching(/made by a newer version of Lensboard/) },
    ]);
    const [issue] = refusal({ ...v1(), formatVersion: MODEL_VERSION + 1, formatMinor: 3 });
    expect(issue.message).toContain(`format version ${MODEL_VERSION + 1}.3,`);
    expect(issue.message).toContain(`reads format version ${MODEL_VERSION} (up to ${MODEL_VERSION}.${MODEL_MINOR}`);
  });

  it('a formatMinor that is not a whole number ≥ 0', () => {
    for (const formatMinor of [-1, 1.5, '2']) expect(refusal({ ...v1(), formatMinor })[0].path).toBe('formatMinor');
  });

  it('a createdAt that is not RFC 3339, or a day its month lacks', () => {
    for (const createdAt of [
      '2026-12-02T03:32:04',
      '2026-12-02T03:32:04+0000',
      '2026-12-02T03:32+00:00',
      '2026-12-02 03:32:04Z',
      '2026-02-29T00:00:00Z',
      '2026-13-01T00:00:00Z',
      'yesterday',
    ])
      expect(refusal({ ...v1(), createdAt })).toEqual([{ path: 'createdAt', message: expect.any(String) }]);
  });

  it('a dtype other than float32', () => {
    const m = v1();
    m.weightsManifest[2].dtype = 'float16';
    expect(refusal(m)[0].path).toBe('weightsManifest[2].dtype');
  });

  it('a shape whose bytes are not in weightData', () => {
    const m = v1();
    m.weightsManifest[0].shape = [2, 9];
    expect(refusal(m)).toEqual([{ path: 'weightData', message: expect.stringMatching(/bytes, but the manifest/) }]);
  });

  it('weightData longer than the manifest needs, naming both byte counts', () => {
    const m = v1();
    m.weightsManifest = [{ name: 'W1.W', shape: [2], dtype: 'float32', group: 'model' }];
    m.weightData = base64Of([1, 2, 3]);
    expect(refusal(m)).toEqual([
      { path: 'weightData', message: "holds 12 bytes, but the manifest's weights need 8 (4 bytes per float32)" },
    ]);
  });

  it('NaN or Infinity in a weight, naming it', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      const m = v1();
      m.weightsManifest = [{ name: 'W1.W', shape: [2], dtype: 'float32', group: 'model' }];
      m.weightData = base64Of([1, bad]);
      expect(refusal(m)).toEqual([
        { path: 'weightsManifest[0]', message: expect.stringMatching(/weight 'W1.W' holds (NaN|Infinity) at index 1/) },
      ]);
    }
  });

  it('a weight named twice', () => {
    const m = v1();
    m.weightsManifest[1].name = m.weightsManifest[0].name;
    expect(refusal(m)[0].path).toBe('weightsManifest[1].name');
  });

  it('a bad document inside, with the path under diagram', () => {
    const m = v1();
    m.diagram.boxes[3].position.x = 'left';
    expect(refusal(m)[0].path).toBe('diagram.boxes[3].position.x');
  });

  it('a __proto__ key anywhere', () => {
    const text = JSON.stringify(v1()).replace('"trainingConfig":{', '"trainingConfig":{"__proto__":{"polluted":1},');
    const r = parseModelText(text);
    expect(r.ok ? '' : r.errors[0].path).toBe('trainingConfig.__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a __proto__ key at the top, naming it (a fuzz find: seed 20261202, mutation 158)', () => {
    const text = JSON.stringify(v1()).replace('{', '{"__proto__":{"polluted":1},');
    expect(openFile(text)).toEqual({
      kind: 'error',
      errors: [{ path: '__proto__', message: 'the key "__proto__" is not allowed' }],
    });
  });

  it('a file over the size cap, before parsing it', () => {
    const r = parseModelText(' '.repeat(MAX_MODEL_CHARS + 1));
    expect(r.ok ? '' : r.errors[0].message).toMatch(/at most 50000000 \(50 MB\)/);
  });

  it('a learning rate of 0, as the schema refuses it', () => {
    const m = v1();
    m.trainingConfig.optimiser.learningRate = 0;
    expect(refusal(m)[0].path).toBe('trainingConfig.optimiser.learningRate');
  });
});

describe('openFile', () => {
  it('tells documents from models and refuses anything else at format', () => {
    expect(openFile(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8')).kind).toBe('document');
    expect(openFile(fixture(1)).kind).toBe('model');
    expect(openFile(fixture(0)).kind).toBe('model');
    const r = openFile('{"format":"something"}');
    expect(r.kind === 'error' && r.errors[0].path).toBe('format');
    expect(openFile(`\uFEFF${fixture(1)}`).kind).toBe('model');
    const junk = openFile('\u0000\u0001');
    expect(junk.kind === 'error' && junk.errors[0].message).toMatch(/not valid JSON/);
  });
});
