/**
 * The options a dataset takes, as data: name, words for a label, kind and bounds. The loader
 * checks them before generating anything (so `n = 1e9` is refused at once, with the range,
 * instead of hanging), and the app's picker builds its inputs from the same list.
 */

interface SpecBase {
  readonly key: string;
  /** What the picker shows, in words. */
  readonly label: string;
  readonly help?: string;
  /** Shown only while another option has this value (the check applies always). */
  readonly when?: { readonly key: string; readonly value: string | number };
}

export interface NumberSpec extends SpecBase {
  readonly kind: 'int' | 'number';
  readonly min: number;
  readonly max: number;
  readonly step?: number | 'any';
  readonly default: number;
}

export interface ChoiceSpec extends SpecBase {
  readonly kind: 'choice';
  readonly choices: readonly { readonly value: string | number; readonly label: string }[];
  readonly default: string | number;
}

export type OptionSpec = NumberSpec | ChoiceSpec;

export interface Shapes {
  readonly featureShape: readonly number[];
  readonly labelShape: readonly number[];
}

/**
 * Options a caller may pass that are not the dataset's own (Node's MNIST and text readers): functions,
 * which JSON cannot hold, so a document or model file naming one is refused like any unknown key.
 */
const PLUMBING = new Set(['mnistBytes', 'textSource']);

export const MAX_POINTS = 100_000;
export const MAX_SEED = 2 ** 31 - 1;

export const seedSpec: NumberSpec = {
  key: 'seed',
  label: 'Seed',
  kind: 'int',
  min: 0,
  max: MAX_SEED,
  default: 0,
};

/** The 2-D sets of TF Playground: size, noise, seed, and how a two-class label is written. */
export function syntheticSpecs(n: number, classification: boolean): OptionSpec[] {
  const specs: OptionSpec[] = [
    { key: 'n', label: 'Points', kind: 'int', min: 1, max: MAX_POINTS, default: n },
    { key: 'noise', label: 'Noise', kind: 'number', min: 0, max: 1, step: 0.05, default: 0 },
    seedSpec,
  ];
  if (!classification) return specs;
  return [
    ...specs,
    {
      key: 'labelKind',
      label: 'Label as',
      kind: 'choice',
      default: 'onehot',
      choices: [
        { value: 'onehot', label: 'two columns (one-hot)' },
        { value: 'scalar', label: 'one number' },
      ],
    },
    {
      key: 'scalar',
      label: 'The number is',
      kind: 'choice',
      default: 'signed',
      when: { key: 'labelKind', value: 'scalar' },
      choices: [
        { value: 'signed', label: '−1 or +1' },
        { value: 'bit', label: '0 or 1' },
      ],
    },
  ];
}

export const bitsSpec = (label: string, max: number, byDefault: number): NumberSpec => ({
  key: 'bits',
  label,
  kind: 'int',
  min: 1,
  max,
  default: byDefault,
});

/** `1…100000`, as the messages and the picker's hints write a range. */
export const rangeText = (spec: NumberSpec): string => `${spec.min}…${spec.max}`;

/** Why `value` is not allowed for `spec`, or null when it is; the words follow the value. */
export function optionProblem(spec: OptionSpec, value: unknown): string | null {
  if (spec.kind === 'choice') {
    if (spec.choices.some((c) => c.value === value)) return null;
    return `is not one of ${spec.choices.map((c) => JSON.stringify(c.value)).join(', ')}`;
  }
  if (typeof value !== 'number' || Number.isNaN(value)) return `is not a number (range ${rangeText(spec)})`;
  if (!(value >= spec.min && value <= spec.max)) return `is out of range ${rangeText(spec)}`;
  if (spec.kind === 'int' && !Number.isInteger(value)) return `is not a whole number (range ${rangeText(spec)})`;
  return null;
}

/** Names the JSON path of an option that is refused, e.g. `dataset.options.n`. */
export class DatasetOptionError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'DatasetOptionError';
  }
}

const show = (value: unknown): string =>
  typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));

/**
 * Throws on the first option that is unknown to this dataset or outside its bounds; `at` is
 * the JSON path of the options object, for the message.
 */
export function checkOptions(
  datasetId: string,
  specs: readonly OptionSpec[],
  options: Readonly<Record<string, unknown>> | undefined,
  at = 'dataset.options',
): void {
  if (!options) return;
  for (const key of Object.keys(options)) {
    if ((PLUMBING.has(key) && typeof options[key] === 'function') || options[key] === undefined) continue;
    const path = `${at}.${key}`;
    const spec = specs.find((s) => s.key === key);
    if (!spec) {
      const known = specs.length ? `its options are ${specs.map((s) => s.key).join(', ')}` : 'it takes no options';
      throw new DatasetOptionError(path, `${path} is not an option of ${datasetId} (${known})`);
    }
    const problem = optionProblem(spec, options[key]);
    if (problem) throw new DatasetOptionError(path, `${path} = ${show(options[key])} ${problem}`);
  }
}

/** The value an option has in `options`, or its default. */
export function optionValue(spec: OptionSpec, options: Readonly<Record<string, unknown>> | undefined): unknown {
  const v = options?.[spec.key];
  return v === undefined ? spec.default : v;
}
