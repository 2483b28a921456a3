/** Shown while autosave fails: the work is not lost yet, and one click exports it. */
import { exportToFile } from '../persist/exportFile';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function SaveFailedBanner() {
  const error = useEditor((s) => s.saveError);
  const store = useEditorStoreApi();
  if (!error) return null;
  return (
    <div className="save-banner" role="alert">
      Autosave failed ({error}). Your diagram is only in this tab.
      <button type="button" onClick={() => exportToFile(store)}>
        Export JSON
      </button>
    </div>
  );
}
