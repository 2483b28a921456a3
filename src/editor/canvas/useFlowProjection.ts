import { useMemo, useRef } from 'react';
import { useEditor } from '../store/EditorStoreContext';
import { createProjection } from './flowProjection';

/** The nodes and edges React Flow shows, derived from the store (React Flow is controlled). */
export function useFlowProjection() {
  const project = useRef(createProjection()).current;
  const doc = useEditor((s) => s.doc);
  const scope = useEditor((s) => s.scope);
  const selectedNodes = useEditor((s) => s.selectedNodes);
  const selectedWires = useEditor((s) => s.selectedWires);
  const measured = useEditor((s) => s.measured);
  return useMemo(
    () => project(doc, scope, selectedNodes, selectedWires, measured),
    [project, doc, scope, selectedNodes, selectedWires, measured],
  );
}
