/**
 * "Show reverse derivative": R[f] of the compiled model as its own read-only diagram, laid out
 * automatically. Hovering an R-box lights up the box it came from, and the other way round.
 */
import { type Edge, type Node, ReactFlow, ReactFlowProvider } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useCompiled, useOverlay } from '../store/hooks';
import { type RBoxData, RBoxNode } from './RBoxNode';
import { layoutReverse, reverseGraph } from './reverseGraph';

const nodeTypes = { rbox: RBoxNode };
type View = { nodes: Node<RBoxData>[]; edges: Edge[]; term: string } | { error: string } | null;

export function ReverseDerivativeView() {
  const overlay = useOverlay();
  const compiled = useCompiled();
  const store = useEditorStoreApi();
  const [view, setView] = useState<View>(null);
  const model = overlay === 'reverse' ? compiled?.model : undefined;
  useEffect(() => {
    if (!model) return setView(null);
    let live = true;
    try {
      const g = reverseGraph(model, store.getState().doc);
      layoutReverse(g).then(() => {
        if (!live) return;
        const nodes = g.nodes.map((n) => ({
          id: n.id,
          type: 'rbox',
          position: { x: n.x, y: n.y },
          data: { label: n.label, pass: n.pass, source: n.source },
        }));
        const edges = g.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, label: e.label }));
        setView({ nodes, edges, term: g.term });
      });
    } catch (e) {
      setView({ error: e instanceof Error ? e.message : String(e) });
    }
    return () => {
      live = false;
    };
  }, [model, store]);
  if (overlay !== 'reverse') return null;
  return (
    <section className="reverse-view" aria-label="Reverse derivative">
      <header>
        <h2>Reverse derivative R[f]</h2>
        <button type="button" onClick={() => store.getState().setOverlay(null)}>
          Close
        </button>
      </header>
      {!compiled?.model && <p className="muted">The diagram does not compile yet; fix its errors to see R[f].</p>}
      {view && 'error' in view && <p className="field-error">{view.error}</p>}
      {view && 'nodes' in view && (
        <ReactFlowProvider>
          <ReactFlow
            nodes={view.nodes}
            edges={view.edges}
            nodeTypes={nodeTypes}
            nodesDraggable={false}
            nodesConnectable={false}
            onNodeMouseEnter={(_e, n) => store.getState().setView({ hovered: (n.data as RBoxData).source ?? null })}
            onNodeMouseLeave={() => store.getState().setView({ hovered: null })}
            elementsSelectable={false}
            fitView
            proOptions={{ hideAttribution: true }}
            minZoom={0.05}
          />
        </ReactFlowProvider>
      )}
    </section>
  );
}
