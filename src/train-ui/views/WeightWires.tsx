/** Draws the canvas's parameter wires by the weights the run has learnt so far (./weightWires). */
import { useEffect } from 'react';
import { useEditor } from '../../editor/store/EditorStoreContext';
import { useWireEmphasisStore } from '../../editor/store/wireEmphasis';
import type { LoadedModel } from '../../io/modelRuntime';
import { weightWires } from './weightWires';

export function WeightWires({ model }: { model: LoadedModel | null }) {
  const doc = useEditor((s) => s.doc);
  useEffect(() => {
    const set = useWireEmphasisStore.getState().set;
    set(model ? weightWires(doc, model.parameters) : new Map());
  }, [doc, model]);
  useEffect(() => () => useWireEmphasisStore.getState().set(new Map()), []);
  return null;
}
