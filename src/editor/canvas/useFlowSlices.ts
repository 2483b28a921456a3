/**
 * The projection handed to React Flow a slice per task while many nodes are new to it
 * (./flowSlices.ts): each slice after the last has been painted, so that React Flow's
 * measuring of one slice is done before the next is handed over.
 */
import { useEffect, useMemo, useReducer, useRef } from 'react';
import type { DiagramEdge, DiagramNode } from './flowProjection';
import { sliceFlow } from './flowSlices';

interface Flow {
  readonly nodes: DiagramNode[];
  readonly edges: DiagramEdge[];
}

export function useFlowSlices(whole: Flow): Flow & { readonly pending: number } {
  const given = useRef<ReadonlySet<string>>(new Set());
  const slicing = useRef(false);
  const [slice, nextSlice] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `slice` counts the slices due; the refs hold what was handed over
  const out = useMemo(() => sliceFlow(whole.nodes, whole.edges, given.current, slicing.current), [whole, slice]);
  useEffect(() => {
    given.current = new Set(out.nodes.map((n) => n.id));
    slicing.current = out.pending > 0;
    if (out.pending === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(nextSlice, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [out]);
  return out.pending > 0 ? out : { nodes: whole.nodes, edges: whole.edges, pending: 0 };
}
