/**
 * Versions of the model file. Version 0 is the CLI's first stand-in (`lensboard-model-draft`:
 * the document, weights as number lists, free-form training notes, no optimiser state); it is
 * lifted to version 1 by compiling its document to learn the loss, the optimiser and the
 * shapes, and by giving the optimiser its state before a first step (the draft kept none).
 * A newer major version is refused, never guessed at, naming both versions; a newer minor
 * version of this major is read (its added fields are ignored and kept, modelParse.ts). Migration works on plain JSON and reports
 * problems with their paths instead of throwing.
 */
import { compileDocument } from '../compile/compile';
import { shapeSize } from '../core/shape';
import { bindingShapes } from '../data/binding';
import { MODEL_FORMAT, MODEL_MINOR, MODEL_VERSION, type NamedArray } from '../io/modelSchema';
import { encodeWeights, type WeightIssue } from '../io/modelWeights';
import { parseDocument } from '../io/parse';
import { stateEntries } from '../learn/modelNames';
import { getOptimiser } from '../learn/optimisers/index';
import { resolveSettings } from '../learn/settings';

export const MODEL_DRAFT_FORMAT = 'lensboard-model-draft';

type Json = Record<string, unknown>;
export type ModelMigration = { ok: true; value: Json; from: number } | { ok: false; errors: WeightIssue[] };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const fail = (path: string, message: string): ModelMigration => ({ ok: false, errors: [{ path, message }] });

function draftWeights(raw: unknown): NamedArray[] | WeightIssue {
  if (!Array.isArray(raw)) return { path: 'weights', message: 'the draft lists its weights in an array' };
  const out: NamedArray[] = [];
  for (const [i, w] of raw.entries()) {
    const ok =
      isObject(w) &&
      typeof w.name === 'string' &&
      Array.isArray(w.shape) &&
      w.shape.every((d) => Number.isInteger(d) && d > 0) &&
      Array.isArray(w.values) &&
      w.values.length === shapeSize(w.shape);
    if (!ok)
      return {
        path: `weights[${i}]`,
        message: 'a draft weight is { name, shape, values } with as many values as its shape holds',
      };
    const bad = (w.values as unknown[]).findIndex((x) => num(x) === undefined);
    if (bad >= 0)
      return {
        path: `weights[${i}].values[${bad}]`,
        message: `weight '${w.name}' holds a value that is not a finite number`,
      };
    out.push({
      name: w.name as string,
      shape: w.shape as number[],
      group: 'model',
      data: Float32Array.from(w.values as number[]),
    });
  }
  return out;
}

/** The hyper-parameters the draft recorded, where they are finite numbers. */
function draftHypers(raw: unknown): Record<string, number> {
  if (!isObject(raw)) return {};
  const names = ['learningRate', 'momentum', 'beta1', 'beta2', 'epsilon'];
  return Object.fromEntries(names.flatMap((k) => (num(raw[k]) === undefined ? [] : [[k, raw[k] as number]])));
}

/** Version 0 → 1; see the header. */
function upFromDraft(raw: Json): ModelMigration {
  const doc = parseDocument(raw.document);
  if (!doc.ok)
    return {
      ok: false,
      errors: doc.errors.map((e) => ({ path: e.path ? `document.${e.path}` : 'document', message: e.message })),
    };
  const binding = doc.doc.dataset;
  if (!binding)
    return fail('document.dataset', "the draft's document binds no dataset, so its input shapes are unknown");
  let shapes: ReturnType<typeof bindingShapes>;
  try {
    shapes = bindingShapes(binding.id, binding.options);
  } catch (e) {
    return fail('document.dataset', (e as Error).message);
  }
  const field = shapes.task === 'boolean' ? 'z2' : 'real';
  const compiled = compileDocument(doc.doc, { datasetShapes: { ...shapes, field }, requireLoss: true });
  if (!compiled.model)
    return fail(
      'document',
      `the draft's document does not compile: ${compiled.errors.map((e) => e.message).join('; ')}`,
    );
  const t = isObject(raw.training) ? raw.training : {};
  const s = doc.doc.training;
  const seed = num(t.seed) ?? s?.seed ?? 1;
  const resolved = resolveSettings(compiled.model, { epochs: 1, batchSize: 1, seed });
  if (!resolved.loss) return fail('document', 'the draft names no loss');
  const weights = draftWeights(raw.weights);
  if (!Array.isArray(weights)) return { ok: false, errors: [weights] };
  const state = stateEntries(compiled.model.params, getOptimiser(resolved.optimiser)).map((e) => ({
    name: e.name,
    shape: e.shape,
    group: 'optimizer' as const,
    data: new Float32Array(shapeSize(e.shape)).fill(e.init),
  }));
  const { manifest, weightData } = encodeWeights([...weights, ...state]);
  const metric = (m: unknown) =>
    isObject(m) && num(m.loss) !== undefined ? { loss: m.loss, accuracy: num(m.accuracy) ?? null } : null;
  const value: Json = {
    format: MODEL_FORMAT,
    formatVersion: 1,
    generatedBy: 'lensboard-model-draft',
    createdAt: new Date(0).toISOString(),
    diagram: doc.doc,
    trainingConfig: {
      dataset: { id: binding.id, options: binding.options, ...shapes },
      loss: resolved.loss,
      optimiser: { kind: resolved.optimiser, ...resolved.hypers, ...draftHypers(t.hypers) },
      seed,
      batchSize: num(t.batchSize) ?? s?.batchSize ?? 32,
      testFraction: num(t.testFraction) ?? s?.testFraction ?? 0,
      epochsDone: num(t.epochs) ?? 0,
      stepsDone: num(t.steps) ?? 0,
    },
    metrics: { train: metric(t.train), test: metric(t.test) },
    weightsManifest: manifest,
    weightData,
  };
  return { ok: true, value, from: 0 };
}

export function migrateModel(raw: unknown): ModelMigration {
  if (!isObject(raw)) return fail('', 'a model file is a JSON object');
  if (raw.format === MODEL_DRAFT_FORMAT) return upFromDraft(raw);
  if (raw.format !== MODEL_FORMAT) return fail('format', `not a Lensboard model (format should be "${MODEL_FORMAT}")`);
  const v = raw.formatVersion;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    return fail('formatVersion', `formatVersion ${JSON.stringify(v)} is not a whole number ≥ 1`);
  }
  if (v > MODEL_VERSION) {
    const minor = Number.isInteger(raw.formatMinor) ? `.${raw.formatMinor}` : '';
    return fail(
      'formatVersion',
      `this model is format version ${v}${minor}, made by a newer version of Lensboard; this one reads format version ${MODEL_VERSION} (up to ${MODEL_VERSION}.${MODEL_MINOR}, and any later ${MODEL_VERSION}.x) and older`,
    );
  }
  return { ok: true, value: raw, from: v };
}
