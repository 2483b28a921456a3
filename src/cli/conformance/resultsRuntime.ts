/**
 * An outside runtime's answers, written as files (conformance/README.md): `<dir>/<case id>.json`
 * holds the answer (`{ "y": … }` or `{ "weights": … }`) or `{ "refused": "why" }`. A case with
 * no file has no answer and fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer } from './format';
import { eachCase, type Outcome, type Runtime } from './runtime';

export function resultsRuntime(dir: string): Runtime {
  return {
    name: dir,
    run: async (_suite, cases) =>
      eachCase(cases, (c): Outcome => {
        const path = join(dir, `${c.id}.json`);
        if (!existsSync(path)) return { error: `no answer: ${path} does not exist` };
        let read: unknown;
        try {
          read = JSON.parse(readFileSync(path, 'utf8'));
        } catch (e) {
          return { error: `${path}: ${(e as Error).message}` };
        }
        if (typeof read !== 'object' || read === null) return { error: `${path}: not a JSON object` };
        const refused = (read as { refused?: unknown }).refused;
        if (typeof refused === 'string') return { refused };
        return { answer: read as Answer };
      }),
  };
}
