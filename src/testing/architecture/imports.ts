/**
 * The import graph of the repository, read from the source text: enough to check the floors of
 * the house and to find cycles, with no TypeScript compiler (TypeScript 7 has no JS API). See
 * docs/architecture.md for the floors.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface ImportEdge {
  /** The importing file and the imported one, relative to the root, with `/` separators. */
  readonly from: string;
  readonly to: string;
  /** The specifier as written. */
  readonly spec: string;
  readonly line: number;
  /** True when nothing of it exists at run time (`import type`, or every name marked `type`). */
  readonly typeOnly: boolean;
}

export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

const SOURCE = /\.(ts|tsx|mjs)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx'];
const STATEMENT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*(?:\/\*[^*]*\*\/\s*)?['"]([^'"]+)['"]\s*\)|new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g;

/** Every source file under the given folders of root, skipping node_modules and build output. */
export function readSources(root: string, folders: readonly string[]): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name))
        out.push({ path: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  for (const f of folders) if (existsSync(join(root, f))) walk(join(root, f));
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** True when an import clause brings in no value: `type X`, `{ type A, type B }`. */
function clauseIsTypeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return true;
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

/** The text with block comments and whole-line comments blanked, lines kept (line numbers stay). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, '');
}

/** Relative imports of each file, resolved to files of the set; bare packages are kept as written. */
export function importEdges(files: readonly SourceFile[]): { internal: ImportEdge[]; packages: ImportEdge[] } {
  const known = new Set(files.map((f) => f.path));
  const internal: ImportEdge[] = [];
  const packages: ImportEdge[] = [];
  for (const file of files) {
    const code = withoutComments(file.text);
    for (const m of code.matchAll(STATEMENT)) {
      const spec = m[4] ?? m[5] ?? m[6] ?? m[7];
      // the line of the statement's first word: the match may start at blank lines before it
      const line = code.slice(0, m.index + m[0].search(/\S/)).split('\n').length;
      const typeOnly = m[4] !== undefined && clauseIsTypeOnly(m[2], m[3].trim());
      if (!spec.startsWith('.')) {
        packages.push({ from: file.path, to: spec, spec, line, typeOnly });
        continue;
      }
      const base = join(dirname(file.path), spec).split('\\').join('/');
      const to = CANDIDATES.map((c) => base + c).find((p) => known.has(p));
      if (to) internal.push({ from: file.path, to, spec, line, typeOnly });
    }
  }
  return { internal, packages };
}

/** The cycles among run-time imports (type-only imports vanish at run time): each as a path a → … → a. */
export function runtimeCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  // Tarjan's strongly connected components, iteratively.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (start: string): void => {
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const [v, i] = top;
      const succ = next.get(v) ?? [];
      if (i < succ.length) {
        top[1]++;
        const w = succ[i];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) !== index.get(v)) continue;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const self = (next.get(v) ?? []).includes(v);
      if (component.length > 1 || self) cycles.push(cyclePath(component, next));
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/** One concrete loop through a strongly connected component, for the message. */
function cyclePath(component: readonly string[], next: Map<string, string[]>): string[] {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const path = [start];
  const seen = new Set([start]);
  let v = start;
  for (;;) {
    const succ = (next.get(v) ?? []).filter((w) => inside.has(w));
    const back = succ.find((w) => w === start);
    if (back && path.length > 1) return [...path, start];
    const w = succ.find((s) => !seen.has(s)) ?? succ[0];
    if (w === undefined || seen.has(w)) return [...path, w ?? start];
    path.push(w);
    seen.add(w);
    v = w;
  }
}

export const repoRoot = resolve(dirname(new URL(import.meta.url).pathname), '../../..');
