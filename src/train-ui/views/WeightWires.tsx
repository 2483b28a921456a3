/** Draws the canvas's parameter wires by the weights the run has learnt so far (./weightWires). */
import { useEffect } from 'react';
import { useEditor } from '../../editor/store/EditorStoreContext';
import { useWireEmphasisStore } from '../../editor/store/wireEmphasis';
import type { LoadedModel } from '../../model/modelRuntime';
import { keepUnchanged, weightWires } from './weightWires';

export function WeightWires({ model }: { model: LoadedModel | null }) {
  const doc = useEditor((s) => s.doc);
  useEffect(() => {
    const { set, wires } = useWireEmphasisStore.getState();
    const next = keepUnchanged(wires, model ? weightWires(doc, model.parameters) : new Map());
    if (next !== wires) set(next);
  }, [doc, model]);
  useEffect(() => () => useWireEmphasisStore.getState().set(new Map()), []);
  return null;
}
