/**
 * The options of the catalog's non-synthetic datasets (Iris over ℤ₂, the Boolean functions,
 * MNIST) and how their shapes follow them: data the catalog's entries point to.
 */
import { type OptionSpec, optionValue, type Shapes } from './datasetOptions';

export const truthTable = (bits: OptionSpec, width: (bits: number) => number) => ({
  options: [bits],
  shapes: (o: Readonly<Record<string, unknown>>) => ({
    featureShape: [width(optionValue(bits, o) as number)],
    labelShape: [1],
  }),
});

export const irisZ2Options: OptionSpec[] = [
  {
    key: 'classes',
    label: 'Species',
    kind: 'choice',
    default: 3,
    choices: [
      { value: 3, label: 'all three' },
      { value: 2, label: 'setosa and versicolor' },
    ],
  },
  { key: 'bitsPerFeature', label: 'Bits per feature', kind: 'int', min: 1, max: 8, default: 1 },
  {
    key: 'thresholds',
    label: 'Thresholds',
    kind: 'choice',
    default: 'equal-width',
    choices: [
      { value: 'equal-width', label: 'equal widths' },
      { value: 'quantile', label: 'quantiles' },
    ],
  },
  {
    key: 'labelEncoding',
    label: 'Label as',
    kind: 'choice',
    default: 'onehot',
    choices: [
      { value: 'onehot', label: 'one column per class' },
      { value: 'bits', label: 'the class number in bits' },
    ],
  },
  {
    key: 'rows',
    label: 'Rows 35 and 38',
    kind: 'choice',
    default: 'corrected',
    choices: [
      { value: 'corrected', label: 'as Fisher corrected them' },
      { value: 'uci', label: 'as in the UCI file (RDA’s Table 1)' },
    ],
  },
];

export function irisZ2Shapes(o: Readonly<Record<string, unknown>>): Shapes {
  const [classes, k, encoding] = ['classes', 'bitsPerFeature', 'labelEncoding'].map((key) =>
    optionValue(irisZ2Options.find((s) => s.key === key)!, o),
  ) as [number, number, string];
  return { featureShape: [4 * k], labelShape: [encoding === 'onehot' ? classes : Math.ceil(Math.log2(classes))] };
}

export const mnistShape: OptionSpec = {
  key: 'shape',
  label: 'Each image as',
  kind: 'choice',
  default: 'flat',
  choices: [
    { value: 'flat', label: 'a list of 784 numbers' },
    { value: 'image', label: 'a 28 × 28 picture' },
  ],
};
