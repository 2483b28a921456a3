import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import type { DiagramEdge, DiagramNode } from './flowProjection';
import { sliceFlow } from './flowSlices';

const node = (id: string): DiagramNode => ({ id, position: { x: 0, y: 0 }, data: { generator: 'relu' } });
const chain = (ids: readonly string[]): DiagramEdge[] =>
  ids.slice(1).map((id, i) => ({ id: `w${i}`, source: ids[i], target: id }));
const named = (n: number, prefix = 'b') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** Hands `ids` over as the canvas does, a slice per step, from `given`; each step's handed ids. */
function slices(ids: readonly string[], given: readonly string[], from: number, size: number): string[][] {
  const nodes = ids.map(node);
  const edges = chain(ids);
  const steps: string[][] = [];
  let had = new Set(given);
  let slicing = false;
  for (let guard = 0; guard <= ids.length + 1; guard++) {
    const out = sliceFlow(nodes, edges, had, slicing, from, size);
    steps.push(out.nodes.map((n) => n.id));
    const handed = new Set(out.nodes.map((n) => n.id));
    expect(out.edges.every((e) => handed.has(e.source) && handed.has(e.target))).toBe(true);
    expect(out.edges).toHaveLength(edges.filter((e) => handed.has(e.source) && handed.has(e.target)).length);
    expect(out.nodes.length + out.pending).toBe(ids.length);
    if (out.pending === 0) {
      expect(out.nodes).toBe(nodes);
      expect(out.edges).toBe(edges);
      return steps;
    }
    had = handed;
    slicing = true;
  }
  throw new Error('the slices never ended');
}

describe('many new nodes handed to React Flow a slice at a time', () => {
  it('hands a small diagram, or a few new nodes, whole: the same arrays', () => {
    expect(slices(named(99), [], 100, 12)).toEqual([named(99)]);
    expect(slices(named(5000), named(4901), 100, 12)).toEqual([named(5000)]);
  });

  it('hands 150 new nodes in slices of 12 in the document’s order, those given before kept', () => {
    const ids = [...named(150, 'part'), 'b0', 'b1'];
    const steps = slices(ids, ['b0', 'b1', 'gone'], 100, 12);
    expect(steps[0]).toEqual([...named(12, 'part'), 'b0', 'b1']);
    expect(steps.map((s) => s.length)).toEqual([14, 26, 38, 50, 62, 74, 86, 98, 110, 122, 134, 146, 152]);
    expect(steps.at(-1)).toEqual(ids);
  });

  it('grows by one slice per step until all are handed, each step keeping the last', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 150 }),
        (n, had, size, from) => {
          const ids = named(n);
          const given = ids.filter((_, i) => i % 3 === 0).slice(0, had);
          const steps = slices(ids, given, from, size);
          const fresh = n - given.length;
          expect(steps).toHaveLength(fresh < Math.max(size + 1, from) ? 1 : Math.ceil(fresh / size));
          steps.forEach((s, i) => {
            if (i > 0) expect(steps[i - 1].every((id) => s.includes(id))).toBe(true);
            if (i < steps.length - 1) expect(s).toHaveLength(given.length + size * (i + 1));
          });
          expect(steps.at(-1)).toEqual(ids);
        },
      ),
      { seed: fcSeed(), numRuns: 200 },
    );
  });
});
