/**
 * "Show reverse derivative": R[f] of the compiled model as its own read-only diagram, laid out
 * automatically, as it runs (reverseGraph: no dead forward copies, recomputations read from the
 * forward pass), with a line saying what was left out. Hovering an R-box lights up the box it
 * came from, and the other way round. It opens as the canvas does (docs/screen.md): whole when
 * it reads whole, else at its left end, where the values enter, with the map showing the rest and
 * the fit button fitting it whole.
 */
import {
  applyNodeChanges,
  Controls,
  type Edge,
  getNodesBounds,
  type Node,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useNodesInitialized,
  useReactFlow,
  useStore,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { typeIn } from '../../learn/explain/plainWords';
import { CanvasMap } from '../canvas/CanvasMap';
import { FIT_MIN_ZOOM, openingViewport, WHOLE_FIT } from '../canvas/openingView';
import { useNotation } from '../notation/useNotation';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useCompiled, useOverlay } from '../store/hooks';
import { type RBoxData, RBoxNode } from './RBoxNode';
import { layoutReverse, type REdge, reverseGraph } from './reverseGraph';

/**
 * The view opens no further out than zoom 1, where the graph's smallest text (editor.css
 * .rbox-of, edge labels) is 12 px on screen: a large R[f] opens at its left end and is read by
 * panning, not squinting; the fit button shows it whole.
 */
const OPENING_MIN_ZOOM = 1;

const nodeTypes = { rbox: RBoxNode };
type View =
  | { nodes: Node<RBoxData>[]; wires: REdge[]; term: string; dropped: number; shared: number; laid: number }
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

/** Puts the view where it opens once the boxes are measured (their sizes decide the bounds). */
function OpeningView() {
  const measured = useNodesInitialized();
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const placed = useRef(false);
  useEffect(() => {
    if (!measured || placed.current || width === 0 || height === 0) return;
    placed.current = true;
    const bounds = getNodesBounds(flow.getNodes());
    void flow.setViewport(openingViewport(bounds, { width, height }, undefined, OPENING_MIN_ZOOM));
  }, [measured, flow, width, height]);
  return null;
}

export function ReverseDerivativeView() {
  const overlay = useOverlay();
  const compiled = useCompiled();
  const store = useEditorStoreApi();
  const [view, setView] = useState<View>(null);
  const laid = useRef(0);
  const model = overlay === 'reverse' ? compiled?.model : undefined;
  const notation = useNotation();
  // The boxes' measured sizes go into the view's nodes: React Flow counts the nodes measured (so
  // the opening view and the fit button see their sizes) only from the nodes it is given.
  const measured = useCallback(
    (changes: NodeChange<Node<RBoxData>>[]) =>
      setView((v) => (v && 'nodes' in v ? { ...v, nodes: applyNodeChanges(changes, v.nodes) } : v)),
    [],
  );
  // each wire labelled as the canvas labels it: "8 numbers", or ℝ^8 (docs/notation.md)
  const wires = view && 'wires' in view ? view.wires : null;
  const edges = useMemo<Edge[]>(
    () => (wires ?? []).map((e) => ({ id: e.id, source: e.source, target: e.target, label: typeIn(notation, e.type) })),
    [wires, notation],
  );
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
        laid.current += 1;
        setView({ nodes, wires: g.edges, term: g.term, dropped: g.dropped, shared: g.shared, laid: laid.current });
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
        // each graph laid out (another document's, an edit's) is a view of its own, opened afresh
        <ReactFlowProvider key={view.laid}>
          <ReactFlow
            nodes={view.nodes}
            onNodesChange={measured}
            edges={edges}
            nodeTypes={nodeTypes}
            nodesDraggable={false}
            nodesConnectable={false}
            onNodeMouseEnter={(_e, n) => store.getState().setView({ hovered: (n.data as RBoxData).source ?? null })}
            onNodeMouseLeave={() => store.getState().setView({ hovered: null })}
            elementsSelectable={false}
            minZoom={FIT_MIN_ZOOM}
            proOptions={{ hideAttribution: true }}
          >
            <OpeningView />
            <Controls fitViewOptions={WHOLE_FIT} showInteractive={false} />
            <CanvasMap />
          </ReactFlow>
        </ReactFlowProvider>
      )}
    </section>
  );
}
