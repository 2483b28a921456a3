/**
 * The floors of the house hold (docs/architecture.md): no import runs up a floor, no two folders
 * import each other (type-only imports count), production code never reaches into src/testing,
 * the core and the kinds import no tfjs and nothing below the editor imports React, and no
 * module imports itself back at run time. The rules are also run on small
 * made-up graphs, so that a checker that lets everything through fails here too.
 */
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importEdges, readSources, repoRoot, runtimeCycles, type SourceFile } from './imports';
import { areaOf, layerViolations, mutualImports } from './layers';

const repo = readSources(repoRoot, ['src', 'bench', 'e2e', 'scripts']);
const { internal, packages } = importEdges(repo);

const print = (vs: readonly { file: string; line: number; message: string }[]) =>
  vs.map((v) => `${v.file}:${v.line} ${v.message}`).join('\n');

describe('the repository', () => {
  it('reads the whole import graph', () => {
    expect(repo.length).toBeGreaterThan(300);
    expect(internal.some((e) => e.from.startsWith('src/engines/') && e.to.startsWith('src/core/'))).toBe(true);
  });

  it('imports down the floors only', () => {
    expect(print(layerViolations(internal, packages))).toBe('');
  });

  it('has no two folders that import each other', () => {
    expect(print(mutualImports(internal))).toBe('');
  });

  it('has no import cycle at run time', () => {
    expect(runtimeCycles(internal).map((c) => c.join(' → '))).toEqual([]);
  });

  it('keeps tfjs out of the core, tests included', () => {
    const core = packages.filter((e) => e.from.startsWith('src/core/') && e.to.startsWith('@tensorflow/'));
    expect(core).toEqual([]);
  });
});

const files = (entries: Record<string, string>): SourceFile[] =>
  Object.entries(entries).map(([path, text]) => ({ path, text }));

describe('the checker', () => {
  it('refuses an import up a floor, naming file, line and floors', () => {
    const g = importEdges(
      files({
        'src/core/a.ts': "import { x } from './b';\nimport { t } from '../learn/trainer';\n",
        'src/core/b.ts': 'export const x = 1;\n',
        'src/learn/trainer.ts': 'export const t = 1;\n',
      }),
    );
    const vs = layerViolations(g.internal, g.packages);
    expect(vs).toHaveLength(1);
    expect(vs[0]).toMatchObject({ file: 'src/core/a.ts', line: 2 });
    expect(vs[0].message).toContain('may not import from learn');
  });

  it('lets a core test use the engines as its oracle, not the floors above', () => {
    const g = importEdges(
      files({
        'src/core/a.test.ts': "import { e } from '../engines/typed';\nimport { c } from '../compile/compile';\n",
        'src/engines/typed.ts': 'export const e = 1;\n',
        'src/compile/compile.ts': 'export const c = 1;\n',
      }),
    );
    expect(layerViolations(g.internal, g.packages).map((v) => v.line)).toEqual([2]);
  });

  it('puts a testing helper on the floor of what it imports', () => {
    const g = importEdges(
      files({
        'src/testing/models.ts': "import { l } from '../learn/learner';\n",
        'src/testing/seed.ts': 'export const s = 1;\n',
        'src/core/x.test.ts': "import { s } from '../testing/seed';\nimport { m } from '../testing/models';\n",
        'src/learn/x.test.ts': "import { m } from '../testing/models';\n",
        'src/learn/learner.ts': 'export const l = 1;\n',
        'src/learn/prod.ts': "import { s } from '../testing/seed';\n",
      }),
    );
    const vs = layerViolations(g.internal, g.packages);
    expect(vs.map((v) => `${v.file}:${v.line}`)).toEqual(['src/core/x.test.ts:2', 'src/learn/prod.ts:1']);
    expect(vs[1].message).toContain('src/testing is for tests');
  });

  it('refuses tfjs in the core and React below the editor', () => {
    const g = importEdges(
      files({
        'src/core/k.ts': "import * as tf from '@tensorflow/tfjs';\n",
        'src/kinds/k.ts': "import * as tf from '@tensorflow/tfjs';\n",
        'src/learn/l.ts': "import { useState } from 'react';\n",
        'src/engines/e.ts': "import * as tf from '@tensorflow/tfjs';\n",
        'src/editor/c.tsx': "import { useState } from 'react';\n",
      }),
    );
    expect(layerViolations(g.internal, g.packages).map((v) => v.file)).toEqual([
      'src/core/k.ts',
      'src/kinds/k.ts',
      'src/learn/l.ts',
    ]);
  });

  it('refuses two folders that import each other, on one floor and through a type alone', () => {
    const g = importEdges(
      files({
        'src/compile/graph.ts': "import { k } from '../learn/kinds';\n",
        'src/learn/kinds.ts': 'export const k = 1;\n',
        'src/learn/session.ts': "/**\n * A doc comment.\n */\n\nimport type { C } from '../compile/graph';\n",
        'src/editor/a.tsx': "import { b } from '../train-ui/b';\n",
        'src/train-ui/b.ts': "import { a } from '../editor/a';\n",
      }),
    );
    const vs = mutualImports(g.internal);
    expect(vs.map((v) => `${v.file}:${v.line}`)).toEqual(['src/compile/graph.ts:1', 'src/editor/a.tsx:1']);
    expect(vs[0].message).toContain('compile and learn import each other');
    expect(vs[0].message).toContain('src/learn/session.ts:5 imports src/compile/graph.ts');
  });

  it('passes folders that import down one way, whatever the files inside a folder do', () => {
    const g = importEdges(
      files({
        'src/kinds/losses.ts': "import { w } from '../core/wire';\n",
        'src/core/wire.ts': 'export const w = 1;\n',
        'src/compile/configs.ts': "import { l } from '../kinds/losses';\nimport { d } from '../io/document';\n",
        'src/io/document.ts': "import { l } from '../kinds/losses';\n",
        'src/learn/a.ts': "import { b } from './b';\nimport { c } from '../compile/configs';\n",
        'src/learn/b.ts': "import { a } from './a';\n",
        'src/learn/x.test.ts': "import { h } from '../testing/h';\n",
        'src/testing/h.ts': "import { a } from '../learn/a';\n",
        'src/core/y.test.ts': "import { e } from '../engines/typed';\n",
        'src/engines/typed.ts': "import { w } from '../core/wire';\n",
      }),
    );
    expect(g.internal).toHaveLength(11);
    expect(mutualImports(g.internal)).toEqual([]);
    expect(layerViolations(g.internal, g.packages)).toEqual([]);
  });

  it('finds a cycle of run-time imports and ignores one closed by a type-only import', () => {
    const g = importEdges(
      files({
        'src/core/a.ts': "import { b } from './b';\n",
        'src/core/b.ts': "import { c } from './c';\n",
        'src/core/c.ts': "import { a } from './a';\n",
        'src/core/d.ts': "import type { E } from './e';\n",
        'src/core/e.ts': "import { type D } from './d';\nexport const e = 1;\n",
      }),
    );
    expect(runtimeCycles(g.internal)).toEqual([['src/core/a.ts', 'src/core/b.ts', 'src/core/c.ts', 'src/core/a.ts']]);
  });

  it('reads multi-line imports, dynamic imports and worker URLs, and skips comments', () => {
    const g = importEdges(
      files({
        'src/learn/w.ts':
          "// import { no } from './x';\nimport {\n  a,\n  b,\n} from './x';\nconst m = await import('./y');\nnew Worker(new URL('./z.ts', import.meta.url));\n",
        'src/learn/x.ts': '',
        'src/learn/y.ts': '',
        'src/learn/z.ts': '',
      }),
    );
    const edges: Pick<ImportEdge, 'to' | 'line'>[] = g.internal.map(({ to, line }) => ({ to, line }));
    expect(edges).toEqual([
      { to: 'src/learn/x.ts', line: 2 },
      { to: 'src/learn/y.ts', line: 6 },
      { to: 'src/learn/z.ts', line: 7 },
    ]);
  });

  it('knows the areas', () => {
    expect(areaOf('src/train-ui/Panel.tsx')).toBe('train-ui');
    expect(areaOf('bench/run.ts')).toBe('bench');
    expect(areaOf('src/testing/seed.ts')).toBe('testing');
    expect(areaOf('vite.config.ts')).toBe('config');
    expect(areaOf('src/kinds/boxKinds.ts')).toBe('kinds');
    expect(areaOf('src/model/modelRuntime.ts')).toBe('model');
  });
});
