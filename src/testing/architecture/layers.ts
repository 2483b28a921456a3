/**
 * The floors of the house (docs/architecture.md) and the rule that imports go down only:
 *
 *   core ← kinds ← engines ← data ← io ← compile ← learn ← model ← export
 *        ← editor / train-ui / classroom ← app
 *
 * and that no two folders import each other, not even on one floor and not even for a type.
 * cli, class-server, bench, e2e and scripts may use anything below app. A file of src/testing stands on the
 * highest floor it imports from. Production code never imports src/testing. One exception, by
 * design: the core's tests evaluate diagrams on the float64 typed-array engine, the oracle of the
 * core (finite differences, the RD axioms), so a core test may import the engines floor. Packages are held to floors too: the core
 * imports no tfjs and nothing of React; no floor below the editor imports React.
 */
import type { ImportEdge } from './imports';

export const FLOORS = {
  core: 0,
  kinds: 1,
  engines: 2,
  data: 3,
  io: 4,
  compile: 5,
  learn: 6,
  model: 7,
  export: 8,
  editor: 9,
  classroom: 9,
  'train-ui': 9,
  live: 9,
  cli: 10,
  'class-server': 10,
  bench: 10,
  e2e: 10,
  scripts: 10,
  app: 11,
} as const;

export type Area = keyof typeof FLOORS | 'testing' | 'config';

/** The area a path belongs to: `src/<area>/…`, or a top folder (bench, e2e, scripts), or config. */
export function areaOf(path: string): Area {
  const parts = path.split('/');
  if (parts[0] === 'src' && parts.length > 2) {
    if (parts[1] === 'testing') return 'testing';
    if (parts[1] in FLOORS) return parts[1] as Area;
  }
  if (parts[0] in FLOORS) return parts[0] as Area;
  return 'config';
}

/** Packages each floor may not import, by prefix, with the reason said in the message. */
const FORBIDDEN_PACKAGES: readonly { below: number; prefixes: readonly string[]; why: string }[] = [
  {
    below: FLOORS.engines,
    prefixes: ['@tensorflow/'],
    why: 'the core and the kinds are pure: tfjs runs in src/engines',
  },
  {
    below: FLOORS.editor,
    prefixes: ['react', 'react-dom', '@xyflow/', 'zustand', 'zundo', 'elkjs'],
    why: 'no React below the editor',
  },
];

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

const isTest = (path: string): boolean => /\.test\.tsx?$/.test(path) || path.startsWith('e2e/');

/** The floor of every src/testing file: the highest floor among what it imports, 0 for none. */
export function testingFloors(edges: readonly ImportEdge[]): Map<string, number> {
  const floors = new Map<string, number>();
  const byFile = new Map<string, ImportEdge[]>();
  for (const e of edges) if (areaOf(e.from) === 'testing') byFile.set(e.from, [...(byFile.get(e.from) ?? []), e]);
  const visiting = new Set<string>();
  const floorOf = (file: string): number => {
    const known = floors.get(file);
    if (known !== undefined) return known;
    if (visiting.has(file)) return 0;
    visiting.add(file);
    let floor = 0;
    for (const e of byFile.get(file) ?? []) {
      const area = areaOf(e.to);
      const f = area === 'testing' ? floorOf(e.to) : area === 'config' ? 0 : FLOORS[area];
      floor = Math.max(floor, f);
    }
    visiting.delete(file);
    floors.set(file, floor);
    return floor;
  };
  for (const file of byFile.keys()) floorOf(file);
  return floors;
}

function floorName(floor: number): string {
  const names = Object.entries(FLOORS)
    .filter(([, f]) => f === floor)
    .map(([n]) => n);
  return names.join('/');
}

/** Every import that runs up a floor, every production import of src/testing, every banned package. */
export function layerViolations(internal: readonly ImportEdge[], packages: readonly ImportEdge[]): Violation[] {
  const testing = testingFloors(internal);
  const floorOf = (path: string): number | undefined => {
    const area = areaOf(path);
    if (area === 'testing') return testing.get(path) ?? 0;
    return area === 'config' ? undefined : FLOORS[area];
  };
  const out: Violation[] = [];
  for (const e of internal) {
    const fromArea = areaOf(e.from);
    const toArea = areaOf(e.to);
    const from = floorOf(e.from);
    const to = floorOf(e.to);
    if (from === undefined || to === undefined) continue;
    const testCode = isTest(e.from) || fromArea === 'testing' || fromArea === 'bench' || fromArea === 'e2e';
    if (toArea === 'testing' && !testCode) {
      out.push({
        file: e.from,
        line: e.line,
        message: `imports ${e.to}: src/testing is for tests, bench and e2e only`,
      });
      continue;
    }
    if (fromArea === 'testing') continue; // its floor is what it imports
    if (isTest(e.from) && from === FLOORS.core && to <= FLOORS.engines) continue; // the core's oracle
    if (to > from)
      out.push({
        file: e.from,
        line: e.line,
        message: `imports ${e.to}: ${fromArea} (floor ${floorName(from) || from}) may not import from ${toArea === 'testing' ? `${e.to}, which stands on ${floorName(to)}` : toArea}`,
      });
  }
  for (const e of packages) {
    const from = floorOf(e.from);
    if (from === undefined) continue;
    for (const rule of FORBIDDEN_PACKAGES)
      if (from < rule.below && rule.prefixes.some((p) => e.to === p || e.to.startsWith(p.endsWith('/') ? p : `${p}/`)))
        out.push({ file: e.from, line: e.line, message: `imports ${e.to}: ${rule.why}` });
  }
  return out;
}

/** Folders whose files stand on floors of their own; src/testing's files stand on what they import. */
const isFolder = (area: Area): boolean => area !== 'testing' && area !== 'config';

/**
 * Every two folders that import each other, type-only imports included, each pair once, named
 * by one import each way. The one exception is the floors' own: a core test may import the
 * engines (the float64 engine is the core's oracle), so that edge does not make core and
 * engines a pair.
 */
export function mutualImports(internal: readonly ImportEdge[]): Violation[] {
  const first = new Map<string, ImportEdge>();
  for (const e of internal) {
    const from = areaOf(e.from);
    const to = areaOf(e.to);
    if (from === to || !isFolder(from) || !isFolder(to)) continue;
    if (isTest(e.from) && from === 'core' && to === 'engines') continue;
    const key = `${from} ${to}`;
    if (!first.has(key)) first.set(key, e);
  }
  const out: Violation[] = [];
  for (const [key, e] of [...first].sort(([a], [b]) => a.localeCompare(b))) {
    const [from, to] = key.split(' ');
    const back = first.get(`${to} ${from}`);
    if (!back || from > to) continue;
    out.push({
      file: e.from,
      line: e.line,
      message: `${from} and ${to} import each other: this imports ${e.to}, and ${back.from}:${back.line} imports ${back.to}; what both need goes on a floor below both, what needs both on a floor above`,
    });
  }
  return out;
}
