/**
 * Shown while Lensboard is open in another tab of this browser: autosave keeps one diagram, the
 * one edited last, so the user is told before two tabs overwrite each other, and can export this
 * one or close the banner (it comes back if yet another tab opens).
 */
import { exportToFile } from '../persist/exportFile';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function OtherTabBanner() {
  const others = useEditor((s) => s.otherTabs);
  const dismissed = useEditor((s) => s.otherTabsDismissed);
  const store = useEditorStoreApi();
  if (others === 0 || dismissed) return null;
  return (
    <section className="save-banner" aria-label="Another tab">
      Lensboard is also open in {others === 1 ? 'another tab' : `${others} other tabs`}. Autosave keeps only the diagram
      edited last; export this one to keep it.
      <button type="button" onClick={() => exportToFile(store)}>
        Export JSON
      </button>
      <button type="button" onClick={() => store.getState().setView({ otherTabsDismissed: true })}>
        Dismiss
      </button>
    </section>
  );
}
