/**
 * The canvas: React Flow, controlled from the editor store. Nothing here subscribes to state that
 * changes while the pointer moves (hover, compile results): a re-render of this component
 * reconciles every box of the diagram.
 */
import { Background, Controls, MiniMap, ReactFlow } from '@xyflow/react';
import { useEditor } from '../store/EditorStoreContext';
import { LensArrowMarker } from './LensArrowMarker';
import { nodeTypes } from './nodes/nodeTypes';
import { edgeTypes } from './TypedWire';
import { useCanvasEvents } from './useCanvasEvents';
import { useConnectionHandlers } from './useConnectionHandlers';
import { useFlowProjection } from './useFlowProjection';
import { useNodeChanges } from './useNodeChanges';
import { useOpeningView } from './useOpeningView';

export function DiagramCanvas() {
  const { nodes, edges } = useFlowProjection();
  const changes = useNodeChanges();
  const connection = useConnectionHandlers();
  const events = useCanvasEvents();
  const locked = useEditor((s) => s.boxesLocked);
  useOpeningView();
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      {...changes}
      {...connection}
      {...events}
      deleteKeyCode={null}
      nodesDraggable={!locked}
      nodesConnectable={!locked}
      selectionKeyCode="Shift"
      multiSelectionKeyCode={['Meta', 'Control', 'Shift']}
      zoomOnDoubleClick={false}
      minZoom={0.1}
      maxZoom={3}
      proOptions={{ hideAttribution: true }}
    >
      <LensArrowMarker />
      <Background gap={16} />
      <Controls />
      <MiniMap pannable zoomable style={{ width: 150, height: 90 }} />
    </ReactFlow>
  );
}
