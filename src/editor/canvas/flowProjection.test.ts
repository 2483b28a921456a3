import { describe, expect, it } from 'vitest';
import { bigDiagram } from '../../testing/bigDiagram';
import { setConfigValue } from '../model/documentOps';
import { createProjection } from './flowProjection';

describe('the document seen by React Flow', () => {
  it('re-creates only the node an edit touched, and hands back unchanged arrays', () => {
    const project = createProjection();
    const doc = bigDiagram(30);
    const a = project(doc, undefined, [], [], {});
    const same = project({ ...doc }, undefined, [], [], {});
    expect(same.nodes).toBe(a.nodes);
    expect(same.edges).toBe(a.edges);
    const b = project(setConfigValue(doc, 'b1', 'out', 9), undefined, [], [], {});
    expect(b.nodes).not.toBe(a.nodes);
    expect(b.nodes.filter((n, i) => n !== a.nodes[i]).map((n) => n.id)).toEqual(['b1']);
    expect(b.edges).toBe(a.edges);
    const c = project(doc, undefined, [], ['w3'], {});
    expect(c.edges.filter((e, i) => e !== a.edges[i]).map((e) => e.id)).toEqual(['w3']);
  });
});
