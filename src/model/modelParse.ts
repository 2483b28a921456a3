/**
 * Reading a model file from outside (a file picked or dropped, the CLI): the checked door
 * (io/untrusted.ts: size before anything else, JSON syntax, forbidden keys, depth), the version (older ones migrate
 * forward, newer ones are refused), the embedded document through the document's own checks,
 * the schema, and last the weights' bytes against their manifest. Every refusal names the JSON
 * path of what is wrong and nothing is half-read. A newer minor version reads like any other:
 * the fields it adds are ignored, and kept (`carried`) so that writing the file again gives
 * them back (docs/model-format.md, *Versions*).
 */

import { type ModelFile, ModelFileSchema, type NamedArray } from '../io/modelSchema';
import { decodeWeights, STEP_COUNT, type WeightIssue } from '../io/modelWeights';
import { parseDocument } from '../io/parse';
import { type Carried, unknownFields } from '../io/unknownFields';
import { findUnsafe, formatPath, readUntrustedJson } from '../io/untrusted';
import { migrateModel } from './modelMigrate';

/** Far above the models drawn here (MNIST's MLP is ~1 MB); said in the refusal. */
export const MAX_MODEL_CHARS = 50_000_000;

export type { Carried } from '../io/unknownFields';

export type ModelParse =
  | { ok: true; model: ModelFile; weights: NamedArray[]; carried: Carried; migratedFrom?: number }
  | { ok: false; errors: WeightIssue[] };

function duplicateNames(model: ModelFile): WeightIssue[] {
  const seen = new Map<string, number>();
  const issues: WeightIssue[] = [];
  model.weightsManifest.forEach((w, i) => {
    const key = `${w.group}:${w.name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({
        path: `weightsManifest[${i}].name`,
        message: `'${w.name}' is named twice (also at weightsManifest[${first}])`,
      });
    } else seen.set(key, i);
  });
  return issues;
}

/**
 * The step count holds one truth (docs/model-format.md, *The step count*): `optimiserSteps`, a
 * whole number, which the manifest's float32 `optimizer/t` must agree with. A file older than
 * 1.4 has only the float, which then gives it. Never more steps than the run took.
 */
function stepCount(model: ModelFile, weights: readonly NamedArray[]): ModelFile | WeightIssue[] {
  const k = weights.findIndex((w) => w.group === 'optimizer' && w.name === STEP_COUNT);
  const t = model.trainingConfig;
  if (k < 0) return model;
  const float = weights[k].data[0];
  const path = 'trainingConfig.optimiserSteps';
  if (weights[k].data.length !== 1)
    return [{ path: `weightsManifest[${k}].shape`, message: `'${STEP_COUNT}' is a scalar, shape []` }];
  if (t.optimiserSteps === undefined && (model.formatMinor ?? 0) >= 4)
    return [{ path, message: `is missing: a file of version 1.4 or later with '${STEP_COUNT}' states its step count` }];
  const steps = t.optimiserSteps ?? float;
  if (!Number.isInteger(steps) || steps < 0)
    return [{ path: `weightsManifest[${k}]`, message: `'${STEP_COUNT}' holds ${float}, not a whole number of steps` }];
  if (Math.fround(steps) !== float)
    return [
      { path, message: `is ${steps}, but '${STEP_COUNT}' (weightsManifest[${k}]) holds ${float}: they must agree` },
    ];
  if (steps > t.stepsDone)
    return [
      {
        path,
        message: `is ${steps}: the optimiser cannot have taken more steps than the run (stepsDone ${t.stepsDone})`,
      },
    ];
  return t.optimiserSteps === steps ? model : { ...model, trainingConfig: { ...t, optimiserSteps: steps } };
}

export function parseModel(json: unknown): ModelParse {
  const unsafe = findUnsafe(json);
  if (unsafe) return { ok: false, errors: [unsafe] };
  const migrated = migrateModel(json);
  if (!migrated.ok) return migrated;
  const raw = migrated.value;
  const doc = parseDocument(raw.diagram);
  if (!doc.ok) {
    return {
      ok: false,
      errors: doc.errors.map((e) => ({ path: e.path ? `diagram.${e.path}` : 'diagram', message: e.message })),
    };
  }
  const parsed = ModelFileSchema.safeParse({ ...raw, diagram: doc.doc });
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })) };
  }
  const dups = duplicateNames(parsed.data);
  if (dups.length > 0) return { ok: false, errors: dups };
  const decoded = decodeWeights(parsed.data.weightsManifest, parsed.data.weightData);
  if (!decoded.ok) return decoded;
  const counted = stepCount(parsed.data, decoded.weights);
  if (Array.isArray(counted)) return { ok: false, errors: counted };
  const model = counted;
  // A diagram migrated from an older document version cannot hold newer fields: what its
  // migration dropped is not unknown.
  const read = doc.migratedFrom === undefined ? raw : { ...raw, diagram: doc.doc };
  const carried = { formatMinor: model.formatMinor ?? 0, fields: unknownFields(read, model) };
  const weights = decoded.weights;
  return migrated.from < model.formatVersion
    ? { ok: true, model, weights, carried, migratedFrom: migrated.from }
    : { ok: true, model, weights, carried };
}

/** Through the checked door (untrusted.ts), as openFile reads it. */
export function parseModelText(file: string): ModelParse {
  const read = readUntrustedJson(file, MAX_MODEL_CHARS, 'the model file');
  return read.ok ? parseModel(read.value) : read;
}
