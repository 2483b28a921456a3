/** Placing a saved group again: do the copies share parameters (weight tying) or get their own? */
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function TieDialog() {
  const prompt = useEditor((s) => s.tiePrompt);
  const store = useEditorStoreApi();
  if (!prompt) return null;
  const place = (tied: boolean) => {
    store.getState().setView({ tiePrompt: null });
    store.getState().placeTemplate(prompt.templateId, prompt.position, tied);
  };
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal" role="dialog" aria-modal="true" aria-label="Share parameters?">
        <h2>Share parameters?</h2>
        <p>
          This box is already on the canvas. Should the new copy share its parameters with it (weight tying), or learn
          its own?
        </p>
        <div className="modal-actions">
          <button type="button" onClick={() => place(true)}>
            Share parameters
          </button>
          <button type="button" onClick={() => place(false)}>
            Own parameters
          </button>
          <button type="button" onClick={() => store.getState().setView({ tiePrompt: null })}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
