/**
 * docs/generators.md is what the registry generates today (regenerate it with
 * `npm run docs:generators`), and every registered generator has its entry: formulas, an
 * example that runs, and its section on the committed page.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Generator } from '../core/generator';
import { allGenerators, getGenerator } from '../core/generators/index';
import { workedExample } from './generatorExamples';
import { generatorReference } from './generatorReference';

const committed = () => readFileSync(new URL('../../docs/generators.md', import.meta.url), 'utf8');

/** What a generator lacks of its entry in the reference, one line each. */
function gaps(gens: readonly Generator[], page: string): string[] {
  return gens.flatMap((g) => {
    const out: string[] = [];
    if (!g.doc?.forward) out.push(`${g.id}: no forward formula (doc.forward)`);
    if (!g.doc?.reverse) out.push(`${g.id}: no reverse formula (doc.reverse)`);
    if (!g.doc?.example) out.push(`${g.id}: no example (doc.example)`);
    if (!page.includes(`\n### \`${g.id}\`\n`)) out.push(`${g.id}: no section in docs/generators.md`);
    return out;
  });
}

describe('docs/generators.md', () => {
  it('is the page the registry generates (run `npm run docs:generators` after changing a generator)', () => {
    expect(committed()).toBe(generatorReference());
  });

  it('has an entry for every registered generator', () => {
    expect(allGenerators().length).toBeGreaterThanOrEqual(48);
    expect(gaps(allGenerators(), committed())).toEqual([]);
  });

  it('names what a generator without its entry lacks', () => {
    const bare = { ...getGenerator('relu'), id: 'relu2', doc: undefined } as unknown as Generator;
    expect(gaps([bare], committed())).toEqual([
      'relu2: no forward formula (doc.forward)',
      'relu2: no reverse formula (doc.reverse)',
      'relu2: no example (doc.example)',
      'relu2: no section in docs/generators.md',
    ]);
  });
});

describe('generatorReference', () => {
  /** relu as a generator of a family the page has no section for, with a config field of every kind. */
  const stranger = {
    ...getGenerator('relu'),
    family: 'mystery',
    configFields: [
      { key: 'n', label: 'Count', kind: 'int', default: 2 },
      { key: 'lo', label: 'Low', kind: 'number', min: 0, default: 1, help: 'a | b' },
      { key: 'hi', label: 'High', kind: 'int', max: 5, default: 1 },
      { key: 's', label: 'Shape', kind: 'shape', default: [1] },
      { key: 's0', label: 'Order', kind: 'shape', min: 0, default: [0] },
      { key: 'e', label: 'Pick', kind: 'enum', options: ['a', 'b'], default: 'a' },
      { key: 'b', label: 'Flag', kind: 'boolean', default: true },
      { key: 'f', label: 'Field', kind: 'field', default: 'real' },
    ],
  } as unknown as Generator;

  it('puts a generator of a family it does not know under Other, after every family, and last in the index', () => {
    const page = generatorReference([stranger, getGenerator('copy'), getGenerator('add')]);
    const headings = page.split('\n').filter((l) => l.startsWith('## ') || l.startsWith('### '));
    expect(headings).toEqual([
      '## Conventions',
      '## Index',
      '## Structure: copying, discarding, adding',
      '### `add`',
      '### `copy`',
      '## Other',
      '### `relu`',
    ]);
    expect(page).toContain("\n3 of them. The learner's box kinds");
    expect(page.split('\n').filter((l) => l.startsWith('| [`'))).toEqual([
      expect.stringMatching(/^\| \[`add`\]\(#add\) \| structure \| /),
      expect.stringMatching(/^\| \[`copy`\]\(#copy\) \| structure \| /),
      expect.stringMatching(/^\| \[`relu`\]\(#relu\) \| mystery \| `x` → `y` \| y = max\(x, 0\) \|$/),
    ]);
    expect(page.endsWith('|\n')).toBe(true);
    expect(page.endsWith('\n\n')).toBe(false);
  });

  it('writes each kind of config field, its range and its meaning in words', () => {
    const page = generatorReference([stranger]);
    const table = page.split('\n').filter((l) => /^\| `\w+` \|/.test(l));
    expect(table).toEqual([
      '| `n` | integer | any finite | `2` | Count |',
      '| `lo` | number | 0 ≤ lo | `1` | a \\| b |',
      '| `hi` | integer | hi ≤ 5 | `1` | High |',
      '| `s` | list of integers ≥ 1 |  | `[1]` | Shape |',
      '| `s0` | list of integers ≥ 0 |  | `[0]` | Order |',
      '| `e` | one of `a`, `b` |  | `"a"` | Pick |',
      '| `b` | true or false |  | `true` | Flag |',
      '| `f` | `real` or `z2` |  | `"real"` | Field |',
    ]);
    expect(page).toContain(
      'Example with config `{"n":2,"lo":1,"hi":1,"s":[1],"s0":[0],"e":"a","b":true,"f":"real"}`, batch of 2 (float64):',
    );
    expect(generatorReference([getGenerator('relu')])).toContain('\nConfig: none.\n\nExample, batch of 2 (float64):\n');
  });
});

describe('npm run docs:generators', () => {
  const script = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/docsGenerators.ts', ...args], {
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('answers --help with its usage, and refuses an argument it does not take', () => {
    const help = script('--help');
    expect([help.status, help.stdout]).toEqual([0, expect.stringMatching(/^usage: npm run docs:generators/)]);
    const bad = script('--out');
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringMatching(/unknown argument '--out'\nusage:/)]);
  });
});

describe('worked examples', () => {
  it('linear: y = xW with W of shape [in, out], W′ = Σ_b xᵀd, x′ = dWᵀ', () => {
    const ex = workedExample(getGenerator('linear'));
    const [W, x] = ex.inputs.map((v) => v.data);
    const d = ex.changes[0].data;
    const [n, m] = [2, 3];
    const y = [0, 1].flatMap((b) => Array.from({ length: m }, (_, j) => x[b * n] * W[j] + x[b * n + 1] * W[m + j]));
    expect(ex.outputs[0].data).toEqual(y);
    const dW = Array.from({ length: n * m }, (_, k) => {
      const [i, j] = [Math.floor(k / m), k % m];
      return x[i] * d[j] + x[n + i] * d[m + j];
    });
    expect(ex.reverse[0].data).toEqual(dW);
  });

  it('correlate2d: NHWC, filters [kh, kw, in, out], valid, stride 1, not flipped', () => {
    const ex = workedExample(getGenerator('correlate2d'));
    const [W, x] = ex.inputs.map((v) => v.data);
    expect(ex.outputs[0].shape).toEqual([2, 2, 2, 2]);
    // y[b=1, r=1, c=0, o=1] = Σ_{i,j} x[1, 1+i, j, 0]·W[i, j, 0, 1]
    const at = (b: number, r: number, c: number) => x[((b * 3 + r) * 3 + c) * 1];
    const w = (i: number, j: number, o: number) => W[((i * 2 + j) * 1 + 0) * 2 + o];
    const want =
      at(1, 1, 0) * w(0, 0, 1) + at(1, 1, 1) * w(0, 1, 1) + at(1, 2, 0) * w(1, 0, 1) + at(1, 2, 1) * w(1, 1, 1);
    expect(ex.outputs[0].data[((1 * 2 + 1) * 2 + 0) * 2 + 1]).toBe(want);
  });

  it('basis: the first bit is the most significant', () => {
    const ex = workedExample(getGenerator('basis'));
    const x = ex.inputs[0].data;
    const y = ex.outputs[0].data;
    for (const b of [0, 1]) {
      const k = 2 * x[2 * b] + x[2 * b + 1];
      expect(y.slice(4 * b, 4 * b + 4)).toEqual([0, 1, 2, 3].map((i) => (i === k ? 1 : 0)));
    }
  });
});
