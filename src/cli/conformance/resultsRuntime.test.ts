/** Another runtime's answer files (conformance/README.md) judged like a runtime's answers: passed, refused, missing, unreadable. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { resultsRuntime } from './resultsRuntime';
import { runSuite } from './run';
import { suiteInFolder } from './suiteFiles';

const suite = suiteInFolder(join(import.meta.dirname, '..', '..', '..', 'conformance'));
const ids = ['gen-add', 'gen-xor', 'optimiser-adam', 'gen-relu', 'gen-tanh'];
const cases = ids.map((id) => suite.manifest.cases.find((c) => c.id === id) ?? expect.unreachable(id));

it('judges the answer files in a folder, one per case', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lensboard-results-'));
  const [add, xor, adam, , tanh] = cases;
  writeFileSync(join(dir, `${add.id}.json`), JSON.stringify(suite.expected(add)));
  writeFileSync(join(dir, `${xor.id}.json`), JSON.stringify({ refused: 'no ℤ₂ here' }));
  writeFileSync(join(dir, `${adam.id}.json`), JSON.stringify({ weights: [] }));
  writeFileSync(join(dir, `${tanh.id}.json`), '{"y": ');
  const results = await runSuite(suite, resultsRuntime(dir), cases);
  const said = Object.fromEntries(results.map((r) => [r.id, r.refused ?? (r.pass ? 'pass' : r.reason)]));
  expect(said['gen-add']).toBe('pass');
  expect(said['gen-xor']).toBe('no ℤ₂ here');
  expect(said['optimiser-adam']).toBe("the answer has no model weight 'W1.W'");
  expect(said['gen-relu']).toMatch(/^no answer: .*gen-relu\.json does not exist$/);
  expect(said['gen-tanh']).toMatch(/gen-tanh\.json: .*JSON/);
});
