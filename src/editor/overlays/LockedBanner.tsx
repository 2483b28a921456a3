/**
 * Shown while a share link keeps the boxes locked (store/lock.ts): the class trains the diagram
 * as the teacher drew it; Unlock gives the drawing back to whoever holds the page.
 */
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { LOCKED_MESSAGE } from '../store/lock';

export function LockedBanner() {
  const locked = useEditor((s) => s.boxesLocked);
  const store = useEditorStoreApi();
  if (!locked) return null;
  const unlock = () => {
    const s = store.getState();
    s.setView({ boxesLocked: false });
    if (s.notice?.text === LOCKED_MESSAGE) s.dismissNotice();
  };
  return (
    <section className="save-banner locked-banner" aria-label="Locked boxes">
      The shared link locked the boxes: train the diagram as it is drawn (data and settings stay yours to change).
      <button type="button" onClick={unlock}>
        Unlock
      </button>
    </section>
  );
}
