/**
 * A runtime run against the suite and judged case by case (conformance/README.md): each case
 * passes, fails (with the largest difference and the first value that failed) or is refused by
 * the runtime, with its reason. Refused is not failed; which cases an exporter refuses is held
 * by its test to a pinned list.
 */
import { oneLine } from '../command';
import type { Answer, ManifestCase } from './format';
import { judge, type Verdict } from './judge';
import type { Outcome, Runtime } from './runtime';
import type { SuiteReader } from './suiteFiles';

export type CaseResult =
  | (Verdict & { readonly refused?: undefined })
  | { readonly id: string; readonly refused: string };

export function judged(suite: SuiteReader, c: ManifestCase, outcome: Outcome | undefined): CaseResult {
  if (!outcome) return { id: c.id, pass: false, largest: Number.POSITIVE_INFINITY, reason: 'no answer' };
  if ('refused' in outcome) return { id: c.id, refused: outcome.refused };
  if ('error' in outcome) return { id: c.id, pass: false, largest: Number.POSITIVE_INFINITY, reason: outcome.error };
  return judge(c, suite.expected(c), outcome.answer as Answer);
}

export async function runSuite(
  suite: SuiteReader,
  runtime: Runtime,
  cases: readonly ManifestCase[] = suite.manifest.cases,
): Promise<CaseResult[]> {
  const outcomes = await runtime.run(suite, cases);
  return cases.map((c) => judged(suite, c, outcomes.get(c.id)));
}

/** One line per case and a summary line, as the command prints them. */
export function reportLines(runtime: string, results: readonly CaseResult[]): string[] {
  const width = Math.max(0, ...results.map((r) => r.id.length));
  const lines = results.map((r) => {
    const id = r.id.padEnd(width);
    if (r.refused !== undefined) return `refused  ${id}  ${oneLine(r.refused)}`;
    const largest = `largest difference ${Number.isFinite(r.largest) ? r.largest.toExponential(2) : '∞'}`;
    return r.pass ? `pass     ${id}  ${largest}` : `FAIL     ${id}  ${largest}: ${oneLine(r.reason)}`;
  });
  const passed = results.filter((r) => r.refused === undefined && r.pass).length;
  const refused = results.filter((r) => r.refused !== undefined).length;
  const failed = results.length - passed - refused;
  return [...lines, `${runtime}: ${results.length} cases, ${passed} passed, ${failed} failed, ${refused} refused`];
}

export const failures = (results: readonly CaseResult[]): number =>
  results.filter((r) => r.refused === undefined && !r.pass).length;
