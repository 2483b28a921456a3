/**
 * The judge of the conformance suite (conformance/README.md): a runtime's answer to a case
 * against the expected one, value by value, with the case's tolerance: a value passes when
 * |got − want| ≤ absolute + relative·|want|. A verdict says the largest difference, and for a
 * failure the first value that failed, by where it is.
 */
import type { Answer, ManifestCase, NamedValues, Rows, StepAnswer, Tolerance } from './format';

export interface Verdict {
  readonly id: string;
  readonly pass: boolean;
  /** The largest |got − want| over the case's values (Infinity for a missing or non-finite one). */
  readonly largest: number;
  /** Why it failed, naming the value; empty when it passed. */
  readonly reason: string;
}

interface Tally {
  largest: number;
  reason: string;
}

function compare(got: readonly number[], want: readonly number[], tol: Tolerance, where: string, t: Tally): void {
  if (got.length !== want.length) {
    t.largest = Number.POSITIVE_INFINITY;
    t.reason ||= `${where} has ${got.length} values, not ${want.length}`;
    return;
  }
  for (let i = 0; i < want.length; i++) {
    const g = got[i];
    const diff = typeof g === 'number' && Number.isFinite(g) ? Math.abs(g - want[i]) : Number.POSITIVE_INFINITY;
    t.largest = Math.max(t.largest, diff);
    if (!(diff <= tol.absolute + tol.relative * Math.abs(want[i])))
      t.reason ||= `${where}[${i}] is ${g}, not ${want[i]} (difference ${diff.toExponential(2)})`;
  }
}

const sameShape = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

function compareRows(got: Rows | undefined, want: Rows, tol: Tolerance, t: Tally): void {
  if (!got || !Array.isArray(got.rows) || !Array.isArray(got.shape)) {
    t.largest = Number.POSITIVE_INFINITY;
    t.reason = 'the answer has no y rows';
    return;
  }
  if (!sameShape(got.shape, want.shape)) t.reason = `y has shape [${got.shape}], not [${want.shape}]`;
  for (const [r, row] of want.rows.entries()) compare(got.rows[r] ?? [], row, tol, `y row ${r}`, t);
}

function compareWeights(
  got: readonly NamedValues[] | undefined,
  want: readonly NamedValues[],
  tol: Tolerance,
  t: Tally,
) {
  const byName = new Map((Array.isArray(got) ? got : []).map((w) => [`${w.group}:${w.name}`, w]));
  for (const w of want) {
    const g = byName.get(`${w.group}:${w.name}`);
    if (!g) {
      t.largest = Number.POSITIVE_INFINITY;
      t.reason ||= `the answer has no ${w.group} weight '${w.name}'`;
      continue;
    }
    compare(g.values ?? [], w.values, tol, `'${w.name}'`, t);
  }
}

export function judge(c: ManifestCase, want: Answer, got: Answer): Verdict {
  const t: Tally = { largest: 0, reason: '' };
  if ('y' in want) compareRows((got as { y?: Rows }).y, want.y, c.tolerance, t);
  else compareWeights((got as Partial<StepAnswer>).weights, want.weights, c.tolerance, t);
  return { id: c.id, pass: t.reason === '', largest: t.largest, reason: t.reason };
}
