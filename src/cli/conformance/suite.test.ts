/**
 * The committed conformance suite (conformance/README.md) is exactly what `npm run
 * conformance:build` writes today, covers every registered generator, gallery example and
 * optimiser, stays small, and Lensboard's own loadModel and trainer pass every case of it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allGenerators } from '../../core/generators/index';
import { examples } from '../../io/examples/index';
import { OPTIMISER_KINDS } from '../../learn/optimisers/index';
import { lensboardRuntime } from './lensboardRuntime';
import { reportLines, runSuite } from './run';
import { buildSuite, type Suite } from './suite';
import { suiteInFolder } from './suiteFiles';

const folder = join(import.meta.dirname, '..', '..', '..', 'conformance');
const REBUILD = 'the committed suite differs from what the build writes: run npm run conformance:build';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(folder, path)];
  });
}

let built: Suite;
beforeAll(() => {
  built = buildSuite();
}, 60_000);

describe('the conformance suite', () => {
  it('is committed exactly as the build writes it, with no stale case left', () => {
    // the README and the numpy runtime (conformance/numpy/) are written by hand, not built
    const committed = filesUnder(folder).filter((p) => p !== 'README.md' && !p.startsWith('numpy/'));
    expect(committed.sort(), REBUILD).toEqual([...built.files.keys()].sort());
    for (const [path, text] of built.files)
      expect(readFileSync(join(folder, path), 'utf8') === text, `${path}: ${REBUILD}`).toBe(true);
  });

  it('has a case for every registered generator, every gallery example and every optimiser', () => {
    const from = built.manifest.cases.map((c) => Object.values(c.from)[0]);
    for (const g of allGenerators()) expect(from, `generator ${g.id}`).toContain(g.id);
    for (const e of examples) expect(from, `example ${e.id}`).toContain(e.id);
    for (const o of OPTIMISER_KINDS) expect(from, `optimiser ${o}`).toContain(o);
    expect(new Set(built.manifest.cases.map((c) => c.id)).size).toBe(built.manifest.cases.length);
  });

  it('tells a ℤ₂ sum over the batch from a plain sum: some column of its rows holds two 1s or more', () => {
    const c = built.manifest.cases.find((k) => k.id === 'gen-sumBatch-z2');
    const x = c && (JSON.parse(built.files.get(c.inputs) ?? '{}') as { x: { rows: number[][] } }).x.rows;
    const sums = x?.[0].map((_, j) => x.reduce((n, row) => n + row[j], 0)) ?? [];
    expect(Math.max(...sums)).toBeGreaterThanOrEqual(2);
  });

  it('stays under 2 MB', () => {
    const bytes = [...built.files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
    expect(bytes).toBeLessThan(2_000_000);
  });

  it("is passed, case by case, by Lensboard's loadModel and trainer", async () => {
    const results = await runSuite(suiteInFolder(folder), lensboardRuntime);
    const failed = reportLines('lensboard', results).filter((l) => !l.startsWith('pass'));
    expect(failed).toEqual([`lensboard: ${results.length} cases, ${results.length} passed, 0 failed, 0 refused`]);
  }, 60_000);
});
