/**
 * Reading a model file from outside (a file picked or dropped, the CLI): the checked door
 * (io/untrusted.ts: size before anything else, JSON syntax, forbidden keys, depth), the version (older ones migrate
 * forward, newer ones are refused), the embedded document through the document's own checks,
 * the schema, and last the weights' bytes against their manifest. Every refusal names the JSON
 * path of what is wrong and nothing is half-read. A newer minor version reads like any other:
 * the fields it adds are ignored, and kept (`carried`) so that writing the file again gives
 * them back (docs/model-format.md, *Versions*).
 */

import {
  ARCHIVE_MINOR,
  ARCHIVE_VERSION,
  ArchiveManifestSchema,
  type ByteSource,
  blobSource,
  checkLayout,
  MAX_ARCHIVE_WEIGHT_BYTES,
  readArchiveHead,
  readArchiveWeights,
} from '../io/modelArchive';
import {
  MODEL_FORMAT,
  MODEL_MINOR,
  MODEL_VERSION,
  type ModelFile,
  ModelFileSchema,
  type NamedArray,
  type WeightEntry,
} from '../io/modelSchema';
import { decodeWeights, firstNonFinite, STEP_COUNT, type WeightIssue } from '../io/modelWeights';
import { MAX_JSON_MODEL_CHARS } from '../io/modelWrite';
import { parseDocument } from '../io/parse';
import { type Carried, unknownFields } from '../io/unknownFields';
import { findUnsafe, formatPath, readUntrustedJson } from '../io/untrusted';
import type { z } from '../kinds/zod';
import { migrateModel } from './modelMigrate';

/** Far above the models drawn here (MNIST's MLP is ~1 MB); said in the refusal. */
export const MAX_MODEL_CHARS = MAX_JSON_MODEL_CHARS;

export type { Carried } from '../io/unknownFields';

export type ModelParse =
  | { ok: true; model: ModelFile; weights: NamedArray[]; carried: Carried; migratedFrom?: number }
  | { ok: false; errors: WeightIssue[] };

type Named = { readonly weightsManifest: readonly Pick<WeightEntry, 'name' | 'group'>[] };

function duplicateNames(model: Named): WeightIssue[] {
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

type Checked<T> =
  | { ok: true; raw: Record<string, unknown>; data: T; read: unknown }
  | { ok: false; errors: WeightIssue[] };

/** The embedded document through its own checks, then the whole through `schema`. */
function checkedAgainst<T extends Named>(
  raw: Record<string, unknown>,
  schema: { safeParse(value: unknown): z.ZodSafeParseResult<T> },
): Checked<T> {
  const doc = parseDocument(raw.diagram);
  if (!doc.ok) {
    return {
      ok: false,
      errors: doc.errors.map((e) => ({ path: e.path ? `diagram.${e.path}` : 'diagram', message: e.message })),
    };
  }
  const parsed = schema.safeParse({ ...raw, diagram: doc.doc });
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })) };
  }
  const dups = duplicateNames(parsed.data);
  if (dups.length > 0) return { ok: false, errors: dups };
  // A diagram migrated from an older document version cannot hold newer fields: what its
  // migration dropped is not unknown.
  const read = doc.migratedFrom === undefined ? raw : { ...raw, diagram: doc.doc };
  return { ok: true, raw, data: parsed.data, read };
}

export function parseModel(json: unknown): ModelParse {
  const unsafe = findUnsafe(json);
  if (unsafe) return { ok: false, errors: [unsafe] };
  const migrated = migrateModel(json);
  if (!migrated.ok) return migrated;
  const checked = checkedAgainst(migrated.value, ModelFileSchema);
  if (!checked.ok) return checked;
  const decoded = decodeWeights(checked.data.weightsManifest, checked.data.weightData);
  if (!decoded.ok) return decoded;
  const counted = stepCount(checked.data, decoded.weights);
  if (Array.isArray(counted)) return { ok: false, errors: counted };
  const model = counted;
  const carried = { formatMinor: model.formatMinor ?? 0, fields: unknownFields(checked.read, model) };
  const weights = decoded.weights;
  return migrated.from < model.formatVersion
    ? { ok: true, model, weights, carried, migratedFrom: migrated.from }
    : { ok: true, model, weights, carried };
}

/** A refusal about `weightsManifest[i]…` names the weight, when the entry has a name to give. */
function namingWeights(errors: readonly WeightIssue[], raw: Record<string, unknown>): WeightIssue[] {
  const manifest = Array.isArray(raw.weightsManifest) ? raw.weightsManifest : [];
  return errors.map((e) => {
    const at = /^weightsManifest\[(\d+)\]/.exec(e.path);
    const name = at ? (manifest[Number(at[1])] as { name?: unknown } | undefined)?.name : undefined;
    return typeof name === 'string' && !e.message.includes(`'${name}'`)
      ? { ...e, message: `weight '${name}': ${e.message}` }
      : e;
  });
}

export interface ArchiveOptions {
  /** The memory the weights may ask for (modelArchive.ts); tests lower it. */
  readonly maxWeightBytes?: number;
  /** Bytes of weights read so far, of all: the app's progress bar. */
  readonly progress?: (read: number, total: number) => void;
}

/**
 * A model archive (`.lensboard`, io/modelArchive.ts) through the same door as the JSON form:
 * the header and the manifest's size, the manifest's text through the checked JSON door, the
 * version, the document and the schema, then the layout against the bytes there are and the
 * memory it asks for — all before a weight is read — and last each weight's values. The model
 * comes back as the JSON form would give it (its `weightData` empty: the weights are given).
 */
export async function parseModelArchive(source: ByteSource, options: ArchiveOptions = {}): Promise<ModelParse> {
  const head = await readArchiveHead(source, MAX_MODEL_CHARS);
  if (!head.ok) return head;
  const read = readUntrustedJson(head.json, MAX_MODEL_CHARS, "the archive's manifest");
  if (!read.ok) return read;
  const raw = read.value;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, errors: [{ path: '', message: "the archive's manifest is not a JSON object" }] };
  const json = raw as Record<string, unknown>;
  if (json.format !== MODEL_FORMAT)
    return {
      ok: false,
      errors: [{ path: 'format', message: `not a Lensboard model (format should be "${MODEL_FORMAT}")` }],
    };
  const v = json.formatVersion;
  if (typeof v === 'number' && v > ARCHIVE_VERSION) {
    const minor = Number.isInteger(json.formatMinor) ? `.${json.formatMinor}` : '';
    return {
      ok: false,
      errors: [
        {
          path: 'formatVersion',
          message: `this archive is format version ${v}${minor}, made by a newer version of Lensboard; this one reads archives of format version ${ARCHIVE_VERSION} (up to ${ARCHIVE_VERSION}.${ARCHIVE_MINOR}, and any later ${ARCHIVE_VERSION}.x)`,
        },
      ],
    };
  }
  if (v !== ARCHIVE_VERSION)
    return {
      ok: false,
      errors: [
        {
          path: 'formatVersion',
          message: `an archive's manifest is format version ${ARCHIVE_VERSION}, not ${JSON.stringify(v)} (format 1 holds its weights in the JSON, as a .json file)`,
        },
      ],
    };
  const checked = checkedAgainst(json, ArchiveManifestSchema);
  if (!checked.ok) return { ok: false, errors: namingWeights(checked.errors, json) };
  const manifest = checked.data;
  const layout = checkLayout(
    manifest.weightsManifest,
    head.blobBytes,
    options.maxWeightBytes ?? MAX_ARCHIVE_WEIGHT_BYTES,
  );
  if (layout.length > 0) return { ok: false, errors: layout };
  const weights = await readArchiveWeights(source, head.blobStart, manifest.weightsManifest, options.progress);
  const finite = nonFinite(weights);
  if (finite.length > 0) return { ok: false, errors: finite };
  const { weightsManifest, formatVersion: _, formatMinor: __, ...rest } = manifest;
  const asJson: ModelFile = {
    ...rest,
    formatVersion: MODEL_VERSION,
    formatMinor: MODEL_MINOR,
    weightsManifest: weightsManifest.map((e) => ({ name: e.name, shape: e.shape, dtype: 'float32', group: e.group })),
    weightData: '',
  };
  // the step count's own rules, 2.0 being later than 1.4
  const counted = stepCount(asJson, weights);
  if (Array.isArray(counted)) return { ok: false, errors: counted };
  const carried = {
    formatVersion: ARCHIVE_VERSION,
    formatMinor: manifest.formatMinor ?? 0,
    fields: unknownFields(checked.read, manifest),
  };
  return { ok: true, model: counted, weights, carried };
}

function nonFinite(weights: readonly NamedArray[]): WeightIssue[] {
  const issues: WeightIssue[] = [];
  weights.forEach((w, k) => {
    const bad = firstNonFinite(w.data);
    if (bad >= 0)
      issues.push({
        path: `weightsManifest[${k}]`,
        message: `weight '${w.name}' holds ${w.data[bad]} at index ${bad}; weights must be finite numbers`,
      });
  });
  return issues;
}

/**
 * A run's file as the training worker gives it (learn/trainRun.ts `modelFile`): its JSON text, or
 * an archive's chunks when the weights are too big for JSON.
 */
export function parseSavedModel(file: { text: string } | { chunks: readonly BlobPart[] }): Promise<ModelParse> {
  return 'text' in file
    ? Promise.resolve(parseModelText(file.text))
    : parseModelArchive(blobSource(new Blob([...file.chunks])));
}

/** Through the checked door (untrusted.ts), as openFile reads it. */
export function parseModelText(file: string): ModelParse {
  const read = readUntrustedJson(file, MAX_MODEL_CHARS, 'the model file');
  return read.ok ? parseModel(read.value) : read;
}
