import { useMemo, useRef } from 'react';
import { useEditor } from '../store/EditorStoreContext';
import { useDocument, useScope, useSelectedNodes, useSelectedWires } from '../store/hooks';
import { createProjection } from './flowProjection';
import { useFlowSlices } from './useFlowSlices';

/**
 * The nodes and edges React Flow shows, derived from the store (React Flow is controlled), many
 * new nodes a slice at a time (./flowSlices.ts).
 */
export function useFlowProjection() {
  const project = useRef(createProjection()).current;
  const doc = useDocument();
  const scope = useScope();
  const selectedNodes = useSelectedNodes();
  const selectedWires = useSelectedWires();
  const measured = useEditor((s) => s.measured);
  const whole = useMemo(
    () => project(doc, scope, selectedNodes, selectedWires, measured),
    [project, doc, scope, selectedNodes, selectedWires, measured],
  );
  return useFlowSlices(whole);
}
