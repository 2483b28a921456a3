/**
 * A run, as data (docs/training-panel.md, "Runs"): the document it trained (a content hash and its name), its
 * dataset and options, settings, seed, the engine that ran, metrics per epoch, and its final
 * weights and optimiser state as the run's model file. The model file is kept as the archive's
 * bytes (docs/model-format.md, *The archive*), binary in IndexedDB, so a run of any size opens
 * again; a record kept before held the JSON form's text (`modelText`), which `readRunRecord`
 * still reads. What is read back from storage goes through `readRunRecord`, so a damaged record
 * is refused whole, never half-loaded.
 */
import { lazySchema, z } from '../../kinds/zod';
import type { EpochMetrics } from '../../learn/trainerTypes';

/** A run that has taken steps and not ended is kept as `paused` (flush: the user left it). */
export const RUN_STATUSES = ['done', 'stopped', 'failed', 'paused'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export interface RunSettings {
  readonly batchSize: number;
  /** The epoch the run was planned to end after, counting those it continues. */
  readonly epochs: number;
  readonly optimiser: { readonly kind: string; readonly hypers: Readonly<Record<string, number>> };
  readonly loss: string;
  readonly testFraction: number;
}

export interface RunRecord {
  readonly id: string;
  /** The user's name for it; "Run 3 · Adam · typed arrays" until renamed. */
  readonly name: string;
  /** documentHash of the document it trained: runs are listed under the document with this hash. */
  readonly docHash: string;
  readonly docName: string;
  readonly dataset: { readonly id: string; readonly options: Readonly<Record<string, unknown>> } | null;
  readonly settings: RunSettings;
  readonly seed: number | null;
  /** The engine that ran (`typed-float32`, `tfjs-wasm`…), and tfjs's active backend if any. */
  readonly engine: string | null;
  readonly backend: string | null;
  /** ISO 8601. */
  readonly startedAt: string;
  readonly endedAt: string;
  readonly status: RunStatus;
  readonly epochs: readonly EpochMetrics[];
  readonly steps: number;
  /** The run as a model file (weights and optimiser state); null when the worker could not write it. */
  readonly model: RunModel | null;
}

/**
 * A run's model file as kept: the archive's bytes, or, in a record kept before runs were kept as
 * binary, the JSON form's text.
 */
export type RunModel = { readonly archive: ArrayBuffer } | { readonly text: string };

// A loss may be NaN or ±∞ (a failed run's last epochs), which zod's number refuses.
const Num = lazySchema(() => z.custom<number>((v) => typeof v === 'number', 'expected a number'));
const MetricsSchema = lazySchema(() =>
  z.object({
    loss: Num,
    accuracy: Num.nullable(),
    n: Num,
    confusion: z.array(z.array(Num)).nullable(),
  }),
);
const EpochSchema = lazySchema(() =>
  z.object({
    epoch: z.number().int().min(0),
    engine: z.string(),
    steps: Num,
    stepsPerSecond: Num,
    running: MetricsSchema,
    train: MetricsSchema.nullable(),
    test: MetricsSchema.nullable(),
  }),
);

export const RunRecordSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(100),
    name: z.string().max(200),
    docHash: z.string().min(1).max(100),
    docName: z.string().max(500),
    dataset: z.object({ id: z.string(), options: z.record(z.string(), z.unknown()) }).nullable(),
    settings: z.object({
      batchSize: Num,
      epochs: Num,
      optimiser: z.object({ kind: z.string(), hypers: z.record(z.string(), Num) }),
      loss: z.string(),
      testFraction: Num,
    }),
    seed: Num.nullable(),
    engine: z.string().nullable(),
    backend: z.string().nullable(),
    startedAt: z.iso.datetime(),
    endedAt: z.iso.datetime(),
    status: z.enum(RUN_STATUSES),
    epochs: z.array(EpochSchema),
    steps: z.number().int().min(0),
    model: z.union([z.object({ archive: z.instanceof(ArrayBuffer) }), z.object({ text: z.string() })]).nullable(),
  }),
);

export type RunRead = { readonly ok: true; readonly run: RunRecord } | { readonly ok: false; readonly reason: string };

/** A record kept before runs were kept as binary: its `modelText` becomes the model's text. */
function migrated(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || 'model' in raw || !('modelText' in raw)) return raw;
  const { modelText, ...rest } = raw as { modelText: unknown };
  return { ...rest, model: typeof modelText === 'string' ? { text: modelText } : modelText };
}

export function readRunRecord(raw: unknown): RunRead {
  const parsed = RunRecordSchema.safeParse(migrated(raw));
  if (parsed.success) return { ok: true, run: parsed.data as RunRecord };
  const first = parsed.error.issues[0];
  return { ok: false, reason: `${first.path.join('.') || 'the record'}: ${first.message}` };
}

/** What a record costs in storage, about: its archive's bytes, or its text's length, and the rest as JSON. */
export function storedSize(run: RunRecord): number {
  const { model, ...rest } = run;
  const weights = model === null ? 0 : 'archive' in model ? model.archive.byteLength : model.text.length;
  return JSON.stringify(rest).length + weights;
}
