/**
 * `tsx bench/profile/summarise.ts file.cpuprofile [n] [function]`: the top-n functions by self time, and
 * by total (inclusive) time, from a V8 `--cpu-prof` profile — a flame graph as a table.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** `under`: keep only the samples whose stack passes through a function of that name (e.g. `run`). */
export function summarise(profile: Profile, n = 15, under?: string): string {
  const byId = new Map(profile.nodes.map((nd) => [nd.id, nd]));
  const parent = new Map<number, number>();
  for (const nd of profile.nodes) for (const c of nd.children ?? []) parent.set(c, nd.id);
  const label = (nd: Node) =>
    `${nd.callFrame.functionName || '(anonymous)'} ${nd.callFrame.url.replace(/^.*\/(node_modules|work\/main)\//, '')}:${nd.callFrame.lineNumber + 1}:${(nd.callFrame as { columnNumber?: number }).columnNumber ?? 0}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const nd = byId.get(id);
    if (!nd) return;
    if (under !== undefined) {
      let inside = false;
      for (let cur: number | undefined = id; cur !== undefined && !inside; cur = parent.get(cur))
        inside = label(byId.get(cur) as Node).startsWith(under);
      if (!inside) return;
    }
    all += dt;
    self.set(label(nd), (self.get(label(nd)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur) as Node);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / all).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  return `${(all / 1000).toFixed(0)} ms sampled${under ? ` under ${under}()` : ''}\nself time:\n${top(self)}\ntotal time:\n${top(total)}`;
}

// Its own command line only when run itself, not when another profiler imports it.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '')) && process.argv[2]) {
  const [file, n = '15', under] = process.argv.slice(2);
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(n), under));
}
