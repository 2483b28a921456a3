/**
 * Shown while Lensboard is open in another tab of this browser: both tabs autosave into one
 * diagram, merging their edits (persist/slot.ts), so the user is told that the other tab's edits
 * will appear here, and can export this one first or close the banner (it comes back if yet
 * another tab opens).
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
      Lensboard is also open in {others === 1 ? 'another tab' : `${others} other tabs`}. Autosave merges the edits of
      both into one diagram; where both change the same thing, the other version is set aside. Export this one to keep
      it as it is.
      <button type="button" onClick={() => exportToFile(store)}>
        Export JSON
      </button>
      <button type="button" onClick={() => store.getState().setView({ otherTabsDismissed: true })}>
        Dismiss
      </button>
    </section>
  );
}
