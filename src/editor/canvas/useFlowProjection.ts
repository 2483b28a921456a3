import { useMemo, useRef } from 'react';
import { useEditor } from '../store/EditorStoreContext';
import { useDocument, useScope, useSelectedNodes, useSelectedWires } from '../store/hooks';
import { createProjection } from './flowProjection';

/** The nodes and edges React Flow shows, derived from the store (React Flow is controlled). */
export function useFlowProjection() {
  const project = useRef(createProjection()).current;
  const doc = useDocument();
  const scope = useScope();
  const selectedNodes = useSelectedNodes();
  const selectedWires = useSelectedWires();
  const measured = useEditor((s) => s.measured);
  return useMemo(
    () => project(doc, scope, selectedNodes, selectedWires, measured),
    [project, doc, scope, selectedNodes, selectedWires, measured],
  );
}
