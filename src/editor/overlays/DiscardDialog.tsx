/**
 * "New diagram" with unsaved work: keep it as a file first, discard it, or stay. Cancel has the
 * focus, so Enter by habit never throws work away.
 */
import { startNewDiagram } from '../commands/newDiagram';
import { exportToFile } from '../persist/exportFile';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function DiscardDialog() {
  const open = useEditor((s) => s.discardPrompt);
  const store = useEditorStoreApi();
  if (!open) return null;
  const cancel = () => store.getState().setView({ discardPrompt: false });
  return (
    <div className="modal-backdrop" role="presentation">
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="discard-title"
        aria-describedby="discard-text"
      >
        <h2 id="discard-title">Discard unsaved changes?</h2>
        <p id="discard-text">
          This diagram has changes that were never exported as a file. A new diagram replaces it (Undo brings it back
          while this tab is open).
        </p>
        <div className="modal-actions">
          <button
            type="button"
            onClick={() => {
              exportToFile(store);
              startNewDiagram(store);
            }}
          >
            Export, then new
          </button>
          <button type="button" className="danger" onClick={() => startNewDiagram(store)}>
            Discard and start new
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a modal dialog */}
          <button type="button" autoFocus onClick={cancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
