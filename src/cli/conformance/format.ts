/**
 * The files of the conformance suite, as an outside runtime reads and writes them
 * (conformance/README.md). Every number a runtime reads (weights, rows) is a float32 value, so
 * float32 and float64 runtimes start from the same inputs; expectations are float64.
 */

export const SUITE_FORMAT = 'lensboard-conformance';
export const SUITE_VERSION = 1;

/** A case passes when every value has |got − want| ≤ absolute + relative·|want|. */
export interface Tolerance {
  readonly absolute: number;
  readonly relative: number;
}

export type CaseKind = 'predict' | 'train-step';

export interface ManifestCase {
  readonly id: string;
  /** `predict`: the model's outputs on rows; `train-step`: the weights and state after one step. */
  readonly kind: CaseKind;
  /** What the case was made from: one generator, a gallery example, or an optimiser. */
  readonly from: { readonly generator: string } | { readonly example: string } | { readonly optimiser: string };
  /** Paths from the suite's folder. */
  readonly model: string;
  readonly inputs: string;
  readonly expected: string;
  readonly tolerance: Tolerance;
}

export interface Manifest {
  readonly format: typeof SUITE_FORMAT;
  readonly version: typeof SUITE_VERSION;
  /** The model format the cases are written in: `formatVersion.formatMinor`. */
  readonly modelFormat: string;
  readonly generatedBy: string;
  readonly cases: readonly ManifestCase[];
}

/** Rows of one array: `shape[0]` rows, each the rest of the shape read row-major. */
export interface Rows {
  readonly shape: readonly number[];
  readonly rows: readonly (readonly number[])[];
}

/** `inputs.json` of a predict case: the features. Of a train-step case: features and labels. */
export type PredictInputs = { readonly x: Rows };
export type StepInputs = { readonly x: Rows; readonly y: Rows };

/** A weight by name, as a model file's manifest names it, its values row-major. */
export interface NamedValues {
  readonly name: string;
  readonly group: 'model' | 'optimizer';
  readonly shape: readonly number[];
  readonly values: readonly number[];
}

/** `expected.json`, and what a runtime answers for a case (`<results>/<id>.json`). */
export type PredictAnswer = { readonly y: Rows };
export type StepAnswer = { readonly weights: readonly NamedValues[] };
export type Answer = PredictAnswer | StepAnswer;

export const rowsOf = (shape: readonly number[], data: ArrayLike<number>): Rows => {
  const n = shape[0] ?? 1;
  const width = n === 0 ? 0 : data.length / n;
  return {
    shape: [...shape],
    rows: Array.from({ length: n }, (_, r) => Array.from({ length: width }, (_, i) => data[r * width + i])),
  };
};

export const flatOf = (rows: Rows): number[] => rows.rows.flat();

export const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** A case's three files, from the suite's folder. */
export const paths = (dir: string) => ({
  model: `${dir}/model.json`,
  inputs: `${dir}/inputs.json`,
  expected: `${dir}/expected.json`,
});
