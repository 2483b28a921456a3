/**
 * How raw rows, as a user has them, become the rows a model was trained on: the feature columns
 * by name and order, one encoding of them, and for a classifier the class names in label order.
 * It is plain JSON, recorded in the model file (docs/model-format.md, *The preparation*), so a
 * model runs on raw rows wherever it goes. Arithmetic follows the loaders bit for bit: a value
 * is read as float32, the step is done in float64 and the result rounded to float32; ℤ₂
 * thresholds compare the value as written, in float64, as iris-z2's loader does.
 */
import { shapeSize } from '../core/shape';
import { lazySchema, z } from '../kinds/zod';
import { CSV_DATASET_ID } from './csvBinding';
import type { Dataset } from './dataset';
import { vocabularyProblem } from './vocabulary';

const Finite = lazySchema(() => z.number().finite());
const Name = lazySchema(() => z.string().min(1).max(200));
const MAX_FEATURES = 1 << 20;
const MAX_SYMBOLS = 100_000;

/** What is done to the feature columns. */
export const FeatureEncodingSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    /** The values as they are (rounded to float32). */
    z.object({ kind: z.literal('identity') }),
    /** Each value divided by one constant: MNIST's grey levels 0…255 by 255. */
    z.object({ kind: z.literal('divide'), by: Finite.refine((x) => x !== 0, 'cannot divide by 0') }),
    /** (x − mean[i]) / std[i] per column, statistics of the training file (population std, 1 for a constant column). */
    z.object({
      kind: z.literal('standardise'),
      mean: z.array(Finite).max(MAX_FEATURES),
      std: z.array(Finite.positive()).max(MAX_FEATURES),
    }),
    /**
     * ℤ₂ thermometer bits: column i becomes thresholds[i].length bits, bit j = 1 when the value
     * is greater than thresholds[i][j]; the bits of column 0 first, then column 1's, and so on.
     */
    z.object({
      kind: z.literal('thermometer'),
      thresholds: z.array(z.array(Finite).min(1).max(64)).max(MAX_FEATURES),
    }),
  ]),
);

/**
 * How a label row names its class: `onehot` (the largest of as many outputs as classes),
 * `signed` (one output, class 1 when above 0), `bits` (the class index in binary, first output
 * most significant, an output above 0.5 a 1).
 */
export const ClassLabelsSchema = lazySchema(() =>
  z.object({
    names: z.array(Name).min(1).max(100_000),
    encoding: z.enum(['onehot', 'signed', 'bits']),
  }),
);

export const PreparationSchema = lazySchema(() =>
  z
    .object({
      features: z.array(Name).min(1).max(MAX_FEATURES),
      encoding: FeatureEncodingSchema,
      classes: ClassLabelsSchema.optional(),
      /**
       * The sequence sets' vocabulary: how text becomes the raw row, character t of a window the
       * index of that character in `symbols` (one character each), or `unknown` for any other
       * character (absent: refused). The ids are then the features as they are (`identity`).
       */
      tokens: z
        .object({
          symbols: z.array(z.string().min(1).max(2)).min(1).max(MAX_SYMBOLS),
          unknown: z.number().int().min(0).max(MAX_SYMBOLS).optional(),
        })
        .optional(),
    })
    .superRefine((p, ctx) => {
      const seen = new Set<string>();
      p.features.forEach((name, i) => {
        if (seen.has(name))
          ctx.addIssue({ code: 'custom', path: ['features', i], message: `'${name}' is named twice` });
        seen.add(name);
      });
      const e = p.encoding;
      const lists =
        e.kind === 'standardise'
          ? { mean: e.mean, std: e.std }
          : e.kind === 'thermometer'
            ? { thresholds: e.thresholds }
            : {};
      for (const [key, list] of Object.entries(lists)) {
        if (list.length !== p.features.length)
          ctx.addIssue({
            code: 'custom',
            path: ['encoding', key],
            message: `has ${list.length} entries for ${p.features.length} features`,
          });
      }
      if (p.tokens) {
        const problem = vocabularyProblem(p.tokens);
        if (problem) ctx.addIssue({ code: 'custom', path: ['tokens'], message: problem });
        if (e.kind !== 'identity')
          ctx.addIssue({ code: 'custom', path: ['encoding'], message: 'token ids are taken as they are (identity)' });
      }
      if (p.classes && new Set(p.classes.names).size !== p.classes.names.length)
        ctx.addIssue({ code: 'custom', path: ['classes', 'names'], message: 'a class is named twice' });
    }),
);

export type FeatureEncoding = z.infer<typeof FeatureEncodingSchema>;
export type ClassLabels = z.infer<typeof ClassLabelsSchema>;
export type Preparation = z.infer<typeof PreparationSchema>;

/** The columns a raw row has. */
export const rawWidth = (p: Preparation): number => p.features.length;

/** The values a prepared row has: the model's input size. */
export function preparedWidth(p: Preparation): number {
  const e = p.encoding;
  return e.kind === 'thermometer' ? e.thresholds.reduce((n, t) => n + t.length, 0) : p.features.length;
}

/** Raw rows as given: one array per row, or n rows flat (row-major). */
export type RawRows = readonly (readonly number[])[] | Float64Array | Float32Array;

function flatRows(rows: RawRows, width: number): ArrayLike<number> {
  if (!Array.isArray(rows)) return rows as Float64Array | Float32Array;
  const list = rows as readonly (readonly number[])[];
  const bad = list.findIndex((r) => r.length !== width);
  if (bad >= 0)
    throw new Error(`row ${bad + 1} has ${list[bad].length} values; the preparation reads ${width} columns`);
  return list.flat();
}

/** Raw rows made the model's input, n × preparedWidth values, float32 (see the header for the arithmetic). */
export function prepare(p: Preparation, rows: RawRows): Float32Array {
  const w = rawWidth(p);
  const raw = flatRows(rows, w);
  if (raw.length % w !== 0) throw new Error(`${raw.length} values are not rows of ${w} columns`);
  const n = raw.length / w;
  const e = p.encoding;
  const out = new Float32Array(n * preparedWidth(p));
  if (e.kind === 'thermometer') {
    let k = 0;
    for (let r = 0; r < n; r++)
      for (let c = 0; c < w; c++) for (const t of e.thresholds[c]) out[k++] = raw[r * w + c] > t ? 1 : 0;
    return out;
  }
  for (let i = 0; i < raw.length; i++) {
    const x = Math.fround(raw[i]);
    const c = i % w;
    out[i] = e.kind === 'divide' ? x / e.by : e.kind === 'standardise' ? (x - e.mean[c]) / e.std[c] : x;
  }
  return out;
}

/** Whether prepared rows can be taken back to raw ones (ℤ₂ thresholds forget the value). */
export const invertible = (p: Preparation): boolean => p.encoding.kind !== 'thermometer';

/** Prepared rows back to raw values (float64), up to float32 rounding; refused for ℤ₂ thresholds. */
export function unprepare(p: Preparation, prepared: ArrayLike<number>): Float64Array {
  const e = p.encoding;
  if (e.kind === 'thermometer') throw new Error('ℤ₂ thresholds have no inverse: a bit does not say the value');
  const w = rawWidth(p);
  const out = new Float64Array(prepared.length);
  for (let i = 0; i < prepared.length; i++) {
    const c = i % w;
    const y = prepared[i];
    out[i] = e.kind === 'divide' ? y * e.by : e.kind === 'standardise' ? y * e.std[c] + e.mean[c] : y;
  }
  return out;
}

/** The class a prediction names (an index into classes.names), or -1 when its bits name none. */
export function classOf(labels: ClassLabels, y: ArrayLike<number>): number {
  if (labels.encoding === 'signed') return y[0] > 0 ? 1 : 0;
  if (labels.encoding === 'onehot') {
    let best = 0;
    for (let j = 1; j < y.length; j++) if (y[j] > y[best]) best = j;
    return best;
  }
  let value = 0;
  for (let j = 0; j < y.length; j++) value = value * 2 + (y[j] > 0.5 ? 1 : 0);
  return value < labels.names.length ? value : -1;
}

/** Where each stored feature sits among a CSV's columns, or the first column missing or unknown. */
export function matchColumns(
  p: Preparation,
  header: readonly string[],
): { ok: true; order: number[] } | { ok: false; error: string } {
  const at = new Map(header.map((h, i) => [h, i]));
  const unknown = header.find((h) => !p.features.includes(h));
  if (unknown !== undefined)
    return { ok: false, error: `column '${unknown}' is not a feature of the model (it reads ${listed(p.features)})` };
  const missing = p.features.find((f) => !at.has(f));
  if (missing !== undefined)
    return { ok: false, error: `column '${missing}' is missing (the model reads ${listed(p.features)})` };
  return { ok: true, order: p.features.map((f) => at.get(f) as number) };
}

const listed = (names: readonly string[]): string =>
  names.length <= 6
    ? names.map((n) => `'${n}'`).join(', ')
    : `'${names[0]}' … '${names[names.length - 1]}', ${names.length} columns`;

/** The preparation of features used as they are, named `x1…xn` unless names are given. */
export function identityPreparation(width: number, names?: readonly string[], classes?: ClassLabels): Preparation {
  const usable =
    names?.length === width && new Set(names).size === width && names.every((n) => n.length >= 1 && n.length <= 200);
  const features = usable ? [...names] : Array.from({ length: width }, (_, i) => `x${i + 1}`);
  return classes ? { features, encoding: { kind: 'identity' }, classes } : { features, encoding: { kind: 'identity' } };
}

/** Checks a preparation read from JSON; every problem names its path under `at`. */
export function parsePreparation(
  json: unknown,
  at = 'preparation',
): { ok: true; preparation: Preparation } | { ok: false; errors: { path: string; message: string }[] } {
  const r = PreparationSchema.safeParse(json);
  if (r.success) return { ok: true, preparation: r.data };
  return {
    ok: false,
    errors: r.error.issues.map((i) => ({
      path: [at, ...i.path]
        .map((k, j) => (typeof k === 'number' ? `[${k}]` : j === 0 ? String(k) : `.${String(k)}`))
        .join(''),
      message: i.message,
    })),
  };
}

/** Every dataset's preparation: its own, or its features as they are with its names and classes. */
export function preparationOf(ds: Dataset): Preparation {
  if (ds.preparation) return ds.preparation;
  const classes =
    ds.classes && ds.labelEncoding !== 'real' ? { names: [...ds.classes], encoding: ds.labelEncoding } : undefined;
  return identityPreparation(shapeSize(ds.featureShape), ds.featureNames, classes);
}

/**
 * What a model file records of a run on `ds`, bound as `binding`: its preparation, or none for
 * a CSV kept standardised by an import from before preparations, whose statistics are lost — a
 * file that records none takes prepared rows, where an identity would mislead.
 */
export function recordedPreparation(
  ds: Dataset,
  binding?: { readonly id: string; readonly options?: Readonly<Record<string, unknown>> },
): Preparation | undefined {
  const lost = !ds.preparation && binding?.id === CSV_DATASET_ID && binding.options?.standardise === true;
  return lost ? undefined : preparationOf(ds);
}
