/**
 * The floor the app's page open is held to (bench/suites/app.ts, "page open"): React and React
 * Flow alone drawing XOR's boxes and wires at the places the example gives them, with the
 * library's own node and its stylesheet — what any React Flow page pays before it does anything
 * of its own. It marks itself ready as the app does (`main` with aria-busy="false"), so one probe
 * times both pages.
 */
import { type Edge, type Node, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import xor from '../../../src/io/examples/xor.json';

const nodes: Node[] = xor.boxes.map((b) => ({
  id: b.id,
  position: b.position,
  data: { label: b.label ?? b.generator },
}));
const edges: Edge[] = xor.wires.map((w) => ({ id: w.id, source: w.from.box, target: w.to.box }));

function Page() {
  return h(
    'main',
    { 'aria-label': 'Canvas', 'aria-busy': 'false', style: { width: '100%', height: '100%' } },
    h(ReactFlow, { defaultNodes: nodes, defaultEdges: edges, fitView: true }),
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(h(Page));
