/**
 * The model archive (docs/model-format.md, *The archive*): the gallery goes JSON → archive → JSON
 * with the same bytes; a hostile archive is refused before any weight is read, naming the weight
 * and its JSON path; old JSON files open through the same byte door; random damage never throws.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile/compile';
import { bindingShapes } from '../data/binding';
import { examples, loadExample } from '../io/examples/index';
import { ARCHIVE_HEADER_BYTES, type ByteSource, bytesSource } from '../io/modelArchive';
import type { NamedArray } from '../io/modelSchema';
import { type ModelParts, modelArchiveChunks, modelFileText } from '../io/modelWrite';
import { initialParams } from '../learn/params';
import { fcSeed } from '../testing/seed';
import { type ModelParse, parseModelArchive, parseModelText } from './modelParse';
import { openSource } from './openFile';

const fixture = (name: string) => readFileSync(new URL(`../io/fixtures/${name}`, import.meta.url), 'utf8');
const createdAt = new Date('2026-12-06T00:00:00Z');

const join = (chunks: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

function parts(r: ModelParse): ModelParts {
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  const { diagram, trainingConfig, metrics, trainedOn } = r.model;
  return { diagram, trainingConfig, metrics, trainedOn, weights: r.weights, createdAt, carried: r.carried };
}

/** A gallery example as a model file's text before training (its initialisers' weights). */
function exampleText(id: string): string {
  const doc = loadExample(id);
  const binding = doc.dataset;
  if (!binding) throw new Error(`${id} binds no dataset`);
  const shapes = bindingShapes(binding.id, binding.options);
  const field = shapes.task === 'boolean' ? 'z2' : 'real';
  const model = compileDocument(doc, { requireLoss: true, datasetShapes: { ...shapes, field } }).model;
  if (!model) throw new Error(`${id} does not compile`);
  const weights: NamedArray[] = initialParams(model, 1).map((data, i) => ({
    name: model.params[i].name,
    shape: [...model.params[i].type.shape],
    group: 'model',
    data: Float32Array.from(data),
  }));
  const o = model.optimiser ?? { kind: 'gd' as const, learningRate: 0.01 };
  return modelFileText({
    diagram: doc,
    trainingConfig: {
      dataset: {
        id: binding.id,
        options: { ...binding.options },
        featureShape: [...shapes.featureShape],
        labelShape: [...shapes.labelShape],
        task: shapes.task,
      },
      loss: model.loss?.kind ?? 'mse',
      optimiser: { kind: o.kind, learningRate: 0.01, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 },
      seed: 1,
      batchSize: 8,
      testFraction: 0,
      epochsDone: 0,
      stepsDone: 0,
    },
    metrics: null,
    weights,
    createdAt,
  });
}

const archiveOf = (text: string): Uint8Array => join(modelArchiveChunks(parts(parseModelText(text))));

describe('the archive and the JSON form hold the same model', () => {
  it.each(examples.map((e) => e.id))('%s goes JSON → archive → JSON with the same bytes', async (id) => {
    const text = exampleText(id);
    const back = await parseModelArchive(bytesSource(archiveOf(text)));
    expect(modelFileText(parts(back))).toBe(text);
  });

  it('keeps the optimiser state, the step count and the engine of a trained file (1.4)', async () => {
    const text = modelFileText(parts(parseModelText(fixture('model-v1.4.json'))));
    const back = await parseModelArchive(bytesSource(archiveOf(text)));
    expect(modelFileText(parts(back))).toBe(text);
    if (!back.ok) throw new Error('refused');
    expect(back.model.trainingConfig.optimiserSteps).toBe(64);
    expect(back.model.trainedOn).toEqual({ engine: 'typed-float32' });
  });
});

describe('every version opens through the byte door', () => {
  it('model-v2.0.lensboard, the first archive, kept for ever', async () => {
    const bytes = readFileSync(new URL('../io/fixtures/model-v2.0.lensboard', import.meta.url));
    const opened = await openSource(bytesSource(new Uint8Array(bytes)));
    if (opened.kind !== 'model') throw new Error(JSON.stringify(opened));
    expect(opened.model.trainingConfig).toMatchObject({ stepsDone: 64, optimiserSteps: 64 });
    expect(opened.weights.map((w) => w.name)).toContain('W1.W/m');
  });

  it.each(['model-v0.json', 'model-v1.json', 'model-v1.4.json'])('%s', async (name) => {
    const opened = await openSource(bytesSource(new TextEncoder().encode(fixture(name))));
    expect(opened.kind).toBe('model');
  });
});

/** The fixture's archive taken apart: its manifest as JSON, and the weights' bytes. */
function pieces() {
  const bytes = archiveOf(fixture('model-v1.4.json'));
  const length = new DataView(bytes.buffer).getUint32(8, true);
  const manifest = JSON.parse(
    new TextDecoder().decode(bytes.subarray(ARCHIVE_HEADER_BYTES, ARCHIVE_HEADER_BYTES + length)),
  );
  return { bytes, manifest, blob: bytes.subarray(ARCHIVE_HEADER_BYTES + length) };
}

/** An archive from a manifest and a blob, its header stating the manifest's length. */
function rebuilt(manifest: unknown, blob: Uint8Array): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(manifest));
  const head = pieces().bytes.slice(0, ARCHIVE_HEADER_BYTES);
  new DataView(head.buffer).setUint32(8, json.length, true);
  return join([head, json, blob]);
}

async function refusal(source: ByteSource, maxWeightBytes?: number): Promise<string> {
  let read = 0;
  const counting: ByteSource = {
    size: source.size,
    read: (o, n) => {
      read += n;
      return source.read(o, n);
    },
  };
  const r = await parseModelArchive(counting, maxWeightBytes === undefined ? {} : { maxWeightBytes });
  if (r.ok) throw new Error('opened');
  const { manifest } = pieces();
  // refused before a weight's bytes were read: only the header and the manifest
  expect(read).toBeLessThanOrEqual(
    ARCHIVE_HEADER_BYTES + new TextEncoder().encode(JSON.stringify(manifest)).length + 64,
  );
  return r.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
}

describe('a hostile archive is refused, naming the weight', () => {
  type Manifest = ReturnType<typeof pieces>['manifest'];
  // biome-ignore lint/suspicious/noConfusingVoidType: an edit changes the manifest, or gives a new blob
  const edited = (edit: (m: Manifest, blob: Uint8Array) => Uint8Array | void) => {
    const { manifest, blob } = pieces();
    const b = edit(manifest, blob) ?? blob;
    return bytesSource(rebuilt(manifest, b));
  };

  it('an offset past the end of the weights', async () => {
    const said = await refusal(
      edited((m) => {
        m.weightsManifest[1].offset = 1e9;
      }),
    );
    expect(said).toMatch(/^weightsManifest\[1\]\.offset: weight 'W2\.W' lies at bytes 1000000000–.*past their end/);
  });

  it('two weights sharing bytes', async () => {
    const said = await refusal(
      edited((m) => {
        m.weightsManifest[2].offset = m.weightsManifest[1].offset;
      }),
    );
    expect(said).toMatch(
      /^weightsManifest\[\d\]\.offset: weight '(b1|W2)\.W' \(bytes .*\) overlaps weight '(b1|W2)\.W'/,
    );
  });

  it('a declared size beyond the memory cap, before anything is allocated', async () => {
    const said = await refusal(
      edited((m) => {
        m.weightsManifest[0].shape = [2 ** 28, 2 ** 28];
      }),
    );
    expect(said).toMatch(
      /^weightsManifest\[0\]\.shape: weight 'W1\.W' \[268435456, 268435456\] brings the weights to .* GiB/,
    );
    const small = await refusal(
      edited(() => undefined),
      100,
    );
    expect(small).toContain('Lensboard reads at most');
  });

  it('a blob cut short', async () => {
    const said = await refusal(edited((_, blob) => blob.subarray(0, blob.length - 4)));
    expect(said).toContain('lies at bytes');
    expect(said).toContain('the file is cut short');
    expect(said).toMatch(/weight 'optimizer\/t'|weight '[^']+'/);
  });

  it('a dtype Lensboard does not read, and a byte length its shape does not need', async () => {
    const dtype = await refusal(
      edited((m) => {
        m.weightsManifest[3].dtype = 'int8';
      }),
    );
    expect(dtype).toMatch(/^weightsManifest\[3\]\.dtype: weight 'b2\.W': /);
    const length = await refusal(
      edited((m) => {
        m.weightsManifest[0].byteLength += 4;
      }),
    );
    expect(length).toMatch(/^weightsManifest\[0\]\.byteLength: weight 'W1\.W' declares/);
  });

  it('a header that lies, a newer version, a format-1 manifest', async () => {
    const { bytes, manifest, blob } = pieces();
    const long = bytes.slice();
    new DataView(long.buffer).setUint32(8, bytes.length, true);
    expect(await refusal(bytesSource(long))).toContain('cut short');
    expect(await refusal(bytesSource(bytes.subarray(0, 10)))).toContain('cut short');
    expect(await refusal(bytesSource(rebuilt({ ...manifest, formatVersion: 3 }, blob)))).toContain(
      'made by a newer version of Lensboard',
    );
    expect(await refusal(bytesSource(rebuilt({ ...manifest, formatVersion: 1 }, blob)))).toContain(
      "an archive's manifest is format version 2",
    );
  });

  it('a weight that is not a finite number, named once read', async () => {
    const { manifest, blob } = pieces();
    const b = blob.slice();
    new DataView(b.buffer).setFloat32(manifest.weightsManifest[1].offset, Number.NaN, true);
    const r = await parseModelArchive(bytesSource(rebuilt(manifest, b)));
    expect(r.ok ? '' : r.errors[0].message).toContain("weight 'W2.W' holds NaN at index 0");
  });

  it('random damage to the bytes is opened or refused, never thrown', async () => {
    const { bytes } = pieces();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 }),
        fc.nat(bytes.length),
        async (flips, cut) => {
          const damaged = bytes.slice(0, Math.max(cut, bytes.length - 64));
          for (const [at, v] of flips) if (at < damaged.length) damaged[at] = v;
          const r = await parseModelArchive(bytesSource(damaged));
          if (!r.ok) expect(r.errors.length).toBeGreaterThan(0);
        },
      ),
      { seed: fcSeed('fuzz'), numRuns: 150 },
    );
  });
});
