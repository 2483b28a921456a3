/**
 * What the conformance command runs (conformance/README.md): a runtime answers each case, or
 * refuses it with a reason (an exporter that cannot express the model, a forward-only format
 * asked to train). A runtime that throws on a case fails that case.
 */
import type { Answer, ManifestCase } from './format';
import type { SuiteReader } from './suiteFiles';

export type Outcome = { readonly answer: Answer } | { readonly refused: string } | { readonly error: string };

export interface Runtime {
  readonly name: string;
  /** One outcome per case, by case id. */
  run(suite: SuiteReader, cases: readonly ManifestCase[]): Promise<ReadonlyMap<string, Outcome>>;
}

/** Runs `answer` on every case, an error it throws being that case's outcome. */
export function eachCase(
  cases: readonly ManifestCase[],
  answer: (c: ManifestCase) => Outcome,
): ReadonlyMap<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  for (const c of cases) {
    try {
      outcomes.set(c.id, answer(c));
    } catch (e) {
      outcomes.set(c.id, { error: (e as Error).message ?? String(e) });
    }
  }
  return outcomes;
}
