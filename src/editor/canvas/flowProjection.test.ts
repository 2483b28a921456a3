import { describe, expect, it } from 'vitest';
import { bigDiagram } from '../../testing/bigDiagram';
import { setConfigValue, setLabel } from '../model/documentOps';
import { createProjection } from './flowProjection';

describe('the document seen by React Flow', () => {
  it('hands back the same nodes after a config or label edit: the box reads those from the store', () => {
    const project = createProjection();
    const doc = bigDiagram(30);
    const a = project(doc, undefined, [], [], {});
    const same = project({ ...doc }, undefined, [], [], {});
    expect(same.nodes).toBe(a.nodes);
    expect(same.edges).toBe(a.edges);
    const b = project(setConfigValue(doc, 'b1', 'out', 9), undefined, [], [], {});
    expect(b.nodes).toBe(a.nodes);
    expect(b.edges).toBe(a.edges);
    expect(project(setLabel(doc, 'b1', 'first layer'), undefined, [], [], {}).nodes).toBe(a.nodes);
    expect(a.nodes[1].data).toEqual({ generator: 'linear' });
  });

  it('re-creates only the node whose place, kind or selection changed', () => {
    const project = createProjection();
    const doc = bigDiagram(30);
    const a = project(doc, undefined, [], [], {});
    const moved = {
      ...doc,
      boxes: doc.boxes.map((b) => (b.id === 'b2' ? { ...b, position: { x: 1, y: 2 } } : b)),
    };
    const b = project(moved, undefined, [], [], {});
    expect(b.nodes.filter((n, i) => n !== a.nodes[i]).map((n) => n.id)).toEqual(['b2']);
    expect(b.nodes[2].position).toEqual({ x: 1, y: 2 });
    const c = project(doc, undefined, ['b3'], ['w3'], {});
    expect(c.nodes.filter((n, i) => n !== a.nodes[i]).map((n) => n.id)).toEqual(['b2', 'b3']);
    expect(c.edges.filter((e, i) => e !== a.edges[i]).map((e) => e.id)).toEqual(['w3']);
  });
});
