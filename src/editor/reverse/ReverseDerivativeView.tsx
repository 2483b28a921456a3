/**
 * "Show reverse derivative": R[f] of the compiled model as its own read-only diagram, laid out
 * automatically, as it runs (reverseGraph: no dead forward copies, recomputations read from the
 * forward pass), with a line saying what was left out. Hovering an R-box lights up the box it
 * came from, and the other way round.
 */
import { type Edge, type Node, ReactFlow, ReactFlowProvider } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useCompiled, useOverlay } from '../store/hooks';
import { type RBoxData, RBoxNode } from './RBoxNode';
import { layoutReverse, reverseGraph } from './reverseGraph';

/**
 * Fit the graph, but never below zoom 1, where its smallest text (editor.css .rbox-of, edge
 * labels) is 12 px on screen: a large R[f] is read by panning, not squinting.
 */
const FIT = { minZoom: 1, maxZoom: 1.5, padding: 0.05 };

const nodeTypes = { rbox: RBoxNode };
type View =
  | { nodes: Node<RBoxData>[]; edges: Edge[]; term: string; dropped: number; shared: number }
  | { error: string }
  | null;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the graph leaves out of rdiff's diagram, in words; empty when nothing is. */
export function leftOutText(dropped: number, shared: number): string {
  const parts = [
    dropped > 0
      ? `${plural(dropped, 'forward box', 'forward boxes')} whose value nothing reads ${dropped === 1 ? 'is' : 'are'} left out`
      : '',
    shared > 0
      ? `${plural(shared, 'value', 'values')} a reverse rule would recompute ${shared === 1 ? 'is' : 'are'} read from the forward pass`
      : '',
  ].filter((p) => p !== '');
  return parts.length === 0 ? '' : `As it runs: ${parts.join('; ')}.`;
}

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
          data: { label: n.label, pass: n.pass, source: n.source, of: n.of },
        }));
        const edges = g.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, label: e.label }));
        setView({ nodes, edges, term: g.term, dropped: g.dropped, shared: g.shared });
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
        <ul className="reverse-legend" aria-label="Legend">
          <li>
            <span className="legend-swatch legend-forward">f</span> forward box: computes a value, as the model does
          </li>
          <li>
            <span className="legend-swatch legend-backward">R</span> reverse box: computes a change, right to left
          </li>
          <li>
            <span className="legend-swatch legend-boundary">x</span> what goes in or comes out
          </li>
        </ul>
        <button type="button" onClick={() => store.getState().setOverlay(null)}>
          Close
        </button>
      </header>
      {!compiled?.model && <p className="muted">The diagram does not compile yet; fix its errors to see R[f].</p>}
      {view && 'error' in view && <p className="field-error">{view.error}</p>}
      {view && 'nodes' in view && leftOutText(view.dropped, view.shared) !== '' && (
        <p className="muted reverse-note">{leftOutText(view.dropped, view.shared)}</p>
      )}
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
            fitViewOptions={FIT}
            minZoom={0.05}
            proOptions={{ hideAttribution: true }}
          />
        </ReactFlowProvider>
      )}
    </section>
  );
}
