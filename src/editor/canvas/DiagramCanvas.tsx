/** The canvas: React Flow, controlled from the editor store. */
import { Background, Controls, MiniMap, ReactFlow } from '@xyflow/react';
import { useHovered } from '../store/hooks';
import { LensArrowMarker } from './LensArrowMarker';
import { nodeTypes } from './nodes/nodeTypes';
import { edgeTypes } from './TypedWire';
import { useCanvasEvents } from './useCanvasEvents';
import { useConnectionHandlers } from './useConnectionHandlers';
import { useFlowProjection } from './useFlowProjection';
import { useNodeChanges } from './useNodeChanges';

export function DiagramCanvas() {
  const { nodes, edges } = useFlowProjection();
  const changes = useNodeChanges();
  const connection = useConnectionHandlers();
  const events = useCanvasEvents();
  const hovered = useHovered();
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      {...changes}
      {...connection}
      {...events}
      className={hovered ? `hovering-${hovered}` : undefined}
      deleteKeyCode={null}
      selectionKeyCode="Shift"
      multiSelectionKeyCode={['Meta', 'Control', 'Shift']}
      zoomOnDoubleClick={false}
      minZoom={0.1}
      fitView
      fitViewOptions={{ padding: 0.2 }}
      proOptions={{ hideAttribution: true }}
    >
      <LensArrowMarker />
      <Background gap={16} />
      <Controls />
      <MiniMap pannable zoomable />
    </ReactFlow>
  );
}
