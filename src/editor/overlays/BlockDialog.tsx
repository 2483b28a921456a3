/**
 * Placing the Library's transformer block: its context T, width C and heads, proposed from where
 * it goes (model/blockShape.ts) and checked before it is drawn (docs/transformer.md). A shape
 * the document already holds a copy of asks next whether the copies share their parameters.
 */
import { useState } from 'react';
import type { BlockShape } from '../../io/examples/transformer';
import { proposedBlock } from '../model/blockShape';
import { blockKey, blockShapeProblem } from '../model/builtInBoxes';
import { hasCopy } from '../model/library';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

const FIELDS = [
  { key: 'context', label: 'Context T (positions)' },
  { key: 'width', label: 'Width C (values a position)' },
  { key: 'heads', label: 'Heads' },
] as const;

export function BlockDialog() {
  const prompt = useEditor((s) => s.blockPrompt);
  const store = useEditorStoreApi();
  const [shape, setShape] = useState<BlockShape>(() =>
    proposedBlock(store.getState().compiled, store.getState().selectedNodes),
  );
  if (!prompt) return null;
  const problem = blockShapeProblem(shape);
  const place = () => {
    if (problem) return;
    const s = store.getState();
    const key = blockKey(shape);
    s.setView({ blockPrompt: null });
    if (hasCopy(s.doc, key)) s.setView({ tiePrompt: { templateId: key, position: prompt.position } });
    else s.placeSaved(key, prompt.position);
  };
  return (
    <div className="modal-backdrop" role="presentation">
      <form
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-label="Transformer block"
        onSubmit={(e) => {
          e.preventDefault();
          place();
        }}
      >
        <h2>Transformer block</h2>
        <p>The block maps a sequence [T, C] to one of the same shape; the heads share the width C between them.</p>
        {FIELDS.map((f) => (
          <label key={f.key} className="modal-field">
            {f.label}{' '}
            <input
              type="number"
              min={1}
              value={Number.isNaN(shape[f.key]) ? '' : shape[f.key]}
              onChange={(e) => setShape({ ...shape, [f.key]: e.target.valueAsNumber })}
            />
          </label>
        ))}
        {problem ? (
          <p role="alert" className="modal-problem">
            {problem}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="submit" disabled={problem !== null}>
            Place
          </button>
          <button type="button" onClick={() => store.getState().setView({ blockPrompt: null })}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
