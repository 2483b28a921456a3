/**
 * The R[f] view draws what runs: every box it shows computes a value R[f] reads, no value is
 * made twice, and every wire starts at the node that makes its value.
 */
import { describe, expect, it } from 'vitest';
import { lower } from '../../core/program';
import { rdiff } from '../../core/rdiff';
import { compileDocument } from '../compile/compile';
import { xorExample } from '../model/xorExample';
import { leftOutText } from './ReverseDerivativeView';
import { reverseGraph } from './reverseGraph';

function xorGraph() {
  const doc = xorExample();
  const model = compileDocument(doc).model;
  if (!model) throw new Error('XOR does not compile');
  return { model, g: reverseGraph(model, doc) };
}

describe('R[f] as it runs', () => {
  it('shows one node per step of the lowered R[f], and counts what rdiff made that does not run', () => {
    const { model, g } = xorGraph();
    const r = rdiff(model.diagram);
    const steps = lower(r).steps.length;
    const boxes = g.nodes.filter((n) => n.pass !== 'boundary');
    expect(boxes.length).toBe(steps);
    expect(boxes.length + g.dropped + g.shared).toBe(r.boxes.length);
    // the XOR network's last forward box (the output ŷ) is read by no reverse rule of a loss-free R[f]
    expect(g.dropped + g.shared).toBeGreaterThan(0);
  });

  it('starts every wire at a node of the graph, and backward boxes read forward values directly', () => {
    const { g } = xorGraph();
    const ids = new Set(g.nodes.map((n) => n.id));
    for (const e of g.edges) {
      expect(ids.has(e.source)).toBe(true);
      expect(ids.has(e.target)).toBe(true);
    }
    const pass = new Map(g.nodes.map((n) => [n.id, n.pass]));
    expect(g.edges.some((e) => pass.get(e.source) === 'forward' && pass.get(e.target) === 'backward')).toBe(true);
    // every non-boundary node feeds something: nothing dead is drawn
    for (const n of g.nodes) if (n.pass !== 'boundary') expect(g.edges.some((e) => e.source === n.id)).toBe(true);
  });

  it('says in words what was left out', () => {
    expect(leftOutText(0, 0)).toBe('');
    expect(leftOutText(1, 0)).toBe('As it runs: 1 forward box whose value nothing reads is left out.');
    expect(leftOutText(2, 3)).toBe(
      'As it runs: 2 forward boxes whose value nothing reads are left out; 3 values a reverse rule would recompute are read from the forward pass.',
    );
  });
});
