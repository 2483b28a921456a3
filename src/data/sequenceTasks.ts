/**
 * Two sequence tasks a small causal transformer learns in seconds (docs/datasets.md,
 * *Sequences*): each row is one whole example, prompt then answer, and only the answer's
 * positions are trained (sequence.ts: the prompt's next tokens are random, so their label rows
 * are zero).
 *
 * - `reverse`: L random letters of "abcd", a bar, the letters backwards: "abcc|ccba". Answer
 *   k is written at position L + k and read from position L − 1 − k, a place fixed by the
 *   position alone, so one attention head over position embeddings copies it: a pattern
 *   learned from a few hundred examples.
 * - `addition`: two D-digit numbers (leading zeros) and their sum, D + 1 digits written least
 *   significant first: "123+456=9750" is 123 + 456 = 579. Least significant first because a
 *   causal model writes digits in order: each sum digit then needs only the two digits of its
 *   place and the carry from the digit it has just written, where most significant first would
 *   need carries from digits it has not written yet.
 */
import type { Dataset } from './dataset';
import { type NumberSpec, optionValue, seedSpec } from './datasetOptions';
import { mulberry32 } from './random';
import { windowsDataset } from './sequence';
import { encodeText, fixedVocabulary } from './vocabulary';

export const REVERSE_LETTERS = 'abcd';
const REVERSE_VOCABULARY = fixedVocabulary(`${REVERSE_LETTERS}|`);
const ADDITION_VOCABULARY = fixedVocabulary('0123456789+=');

const examplesSpec: NumberSpec = {
  key: 'examples',
  label: 'Examples',
  kind: 'int',
  min: 1,
  max: 20_000,
  default: 2000,
};
export const reverseSpecs: readonly NumberSpec[] = [
  { key: 'length', label: 'Letters', kind: 'int', min: 1, max: 16, default: 6 },
  examplesSpec,
  seedSpec,
];
export const additionSpecs: readonly NumberSpec[] = [
  { key: 'digits', label: 'Digits per number', kind: 'int', min: 1, max: 8, default: 3 },
  examplesSpec,
  seedSpec,
];

export interface SequenceTaskOptions {
  /** reverse: letters per string, L. */
  length?: number;
  /** addition: digits per number, D. */
  digits?: number;
  examples?: number;
  seed?: number;
}

const value = (specs: readonly NumberSpec[], key: string, o: SequenceTaskOptions): number =>
  optionValue(specs.find((s) => s.key === key) as NumberSpec, o as Record<string, unknown>) as number;

/** reverse's context: L letters, the bar, L − 1 answer letters as inputs (the last is only a label). */
export const reverseContext = (length: number): number => 2 * length;
/** addition's context: D digits, +, D digits, =, D of the D + 1 sum digits. */
export const additionContext = (digits: number): number => 3 * digits + 2;

export const REVERSE_DESCRIPTION = `Strings of ${REVERSE_LETTERS.length} letters and the same string backwards after a bar ("abcc|ccba"); only the answer is trained.`;
export const ADDITION_DESCRIPTION =
  'Two numbers and their sum, digit by digit, least significant first ("123+456=9750" is 579); only the sum is trained.';

export function reverseDataset(options: SequenceTaskOptions = {}): Dataset {
  const L = value(reverseSpecs, 'length', options);
  const random = mulberry32(value(reverseSpecs, 'seed', options));
  const rows = Array.from({ length: value(reverseSpecs, 'examples', options) }, () => {
    const letters = Array.from({ length: L }, () => REVERSE_LETTERS[Math.floor(random() * REVERSE_LETTERS.length)]);
    return encodeText(REVERSE_VOCABULARY, `${letters.join('')}|${letters.reverse().join('')}`);
  });
  return windowsDataset({
    name: 'reverse',
    description: REVERSE_DESCRIPTION,
    vocabulary: REVERSE_VOCABULARY,
    context: reverseContext(L),
    rows,
    firstTrained: L,
  });
}

export function additionDataset(options: SequenceTaskOptions = {}): Dataset {
  const D = value(additionSpecs, 'digits', options);
  const random = mulberry32(value(additionSpecs, 'seed', options));
  const number = () => Math.floor(random() * 10 ** D);
  const padded = (x: number, width: number) => String(x).padStart(width, '0');
  const rows = Array.from({ length: value(additionSpecs, 'examples', options) }, () => {
    const [a, b] = [number(), number()];
    const sum = [...padded(a + b, D + 1)].reverse().join('');
    return encodeText(ADDITION_VOCABULARY, `${padded(a, D)}+${padded(b, D)}=${sum}`);
  });
  return windowsDataset({
    name: 'addition',
    description: ADDITION_DESCRIPTION,
    vocabulary: ADDITION_VOCABULARY,
    context: additionContext(D),
    rows,
    firstTrained: 2 * D + 1,
  });
}
