/**
 * The biggest objects of a V8 heap snapshot (DevTools' `.heapsnapshot` JSON), each with its
 * shortest path from the GC roots over strong edges: what keeps it alive. An ArrayBuffer's bytes
 * are the native node `system / JSArrayBufferData` under its `backing_store` edge.
 * `npx tsx bench/profile/app/heapRetainers.ts <file.heapsnapshot> [MB]` prints them.
 */
import { readFileSync } from 'node:fs';

export interface HeapSnapshot {
  readonly snapshot: {
    readonly meta: {
      readonly node_fields: readonly string[];
      readonly node_types: readonly [readonly string[], ...unknown[]];
      readonly edge_fields: readonly string[];
      readonly edge_types: readonly [readonly string[], ...unknown[]];
    };
  };
  readonly nodes: readonly number[];
  readonly edges: readonly number[];
  readonly strings: readonly string[];
}

/** Up to `count` objects of at least `minBytes`, biggest first, as "size  root → … → object". */
export function biggestRetained(s: HeapSnapshot, minBytes: number, count: number): string[] {
  const { meta } = s.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const [nType, nName, nSize, nEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
    meta.node_fields.indexOf(f),
  );
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const n = s.nodes.length / nf;
  const firstEdge = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) firstEdge[i + 1] = firstEdge[i] + s.nodes[i * nf + nEdges];
  const parent = new Int32Array(n).fill(-1);
  const via = new Int32Array(n).fill(-1);
  parent[0] = 0;
  const queue = [0];
  for (let q = 0; q < queue.length; q++) {
    const from = queue[q];
    for (let e = firstEdge[from]; e < firstEdge[from + 1]; e++) {
      const type = edgeTypes[s.edges[e * ef + eType]];
      if (type === 'weak' || type === 'shortcut') continue;
      const to = s.edges[e * ef + eTo] / nf;
      if (parent[to] !== -1) continue;
      parent[to] = from;
      via[to] = e;
      queue.push(to);
    }
  }
  const name = (i: number) => {
    const type = nodeTypes[s.nodes[i * nf + nType]];
    const text = s.strings[s.nodes[i * nf + nName]].slice(0, 40);
    return type === 'object' || type === 'native' ? text : `(${type}) ${text}`;
  };
  const edgeName = (e: number) => {
    const type = edgeTypes[s.edges[e * ef + eType]];
    const v = s.edges[e * ef + eName];
    return type === 'element' || type === 'hidden' ? `[${v}]` : String(s.strings[v]);
  };
  const big: number[] = [];
  for (let i = 0; i < n; i++) if (s.nodes[i * nf + nSize] >= minBytes) big.push(i);
  big.sort((a, b) => s.nodes[b * nf + nSize] - s.nodes[a * nf + nSize]);
  return big.slice(0, count).map((i) => {
    const hops: string[] = [];
    for (let at = i; at !== 0 && parent[at] !== -1 && hops.length < 14; at = parent[at])
      hops.unshift(`${edgeName(via[at])}→${name(at)}`);
    const size = `${(s.nodes[i * nf + nSize] / 1e6).toFixed(1)} MB`;
    return `${size}  ${parent[i] === -1 ? '(unreachable) ' : ''}${hops.join(' · ')}`;
  });
}

if (process.argv[1]?.endsWith('heapRetainers.ts')) {
  const [file, mb = '1'] = process.argv.slice(2);
  const s = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot;
  console.log(biggestRetained(s, Number(mb) * 1e6, 30).join('\n'));
}
