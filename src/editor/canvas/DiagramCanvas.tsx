/**
 * The canvas: React Flow, controlled from the editor store. Nothing here subscribes to state that
 * changes while the pointer moves (hover, compile results): a re-render of this component
 * reconciles every box of the diagram. React Flow's attribution stays shown: its licence asks it
 * of projects that do not subscribe. The dotted ground is drawn in the viewport by CSS
 * (editor.css, "The canvas's ground"), not with React Flow's Background.
 */
import { Controls, ReactFlow } from '@xyflow/react';
import { useEditor } from '../store/EditorStoreContext';
import { CanvasMap } from './CanvasMap';
import { motionHandlers } from './canvasMotion';
import { LensArrowMarker } from './LensArrowMarker';
import { nodeTypes } from './nodes/nodeTypes';
import { OptimiserStrands } from './OptimiserStrands';
import { FIT_MIN_ZOOM, WHOLE_FIT } from './openingView';
import { edgeTypes } from './TypedWire';
import { useCanvasEvents } from './useCanvasEvents';
import { useConnectionHandlers } from './useConnectionHandlers';
import { useFlowProjection } from './useFlowProjection';
import { useMeasureAtOnce } from './useMeasureAtOnce';
import { useNodeChanges } from './useNodeChanges';
import { useOpeningView } from './useOpeningView';
import { WireLegend } from './WireLegend';

/** A wire dropped this close to a port (screen px) connects to it. */
const CONNECTION_RADIUS = 32;
/**
 * From this many boxes on, only the boxes and wires in view are mounted: an edit then re-renders
 * and repaints what is seen (a big diagram opens at a readable zoom, so it is not all in view
 * until Fit view shows it whole), not every label of the diagram (bench: "edit to painted result").
 */
const ONLY_VISIBLE_FROM = 100;

export function DiagramCanvas() {
  const { nodes, edges, pending } = useFlowProjection();
  const changes = useNodeChanges();
  const connection = useConnectionHandlers();
  const events = useCanvasEvents();
  const locked = useEditor((s) => s.classLock !== null);
  useOpeningView();
  useMeasureAtOnce();
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      {...changes}
      {...connection}
      {...events}
      {...motionHandlers}
      onlyRenderVisibleElements={nodes.length + pending >= ONLY_VISIBLE_FROM}
      deleteKeyCode={null}
      nodesDraggable={!locked}
      nodesConnectable={!locked}
      selectionKeyCode="Shift"
      multiSelectionKeyCode={['Meta', 'Control', 'Shift']}
      zoomOnDoubleClick={false}
      minZoom={FIT_MIN_ZOOM}
      maxZoom={3}
      connectionRadius={CONNECTION_RADIUS}
      attributionPosition="top-right"
      className="diagram-canvas"
    >
      <LensArrowMarker />
      <OptimiserStrands />
      <Controls fitViewOptions={WHOLE_FIT} />
      <CanvasMap />
      <WireLegend />
    </ReactFlow>
  );
}
