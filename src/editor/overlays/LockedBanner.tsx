/**
 * Shown while a class link keeps the diagram locked (store/lock.ts): the class trains the
 * diagram as the teacher drew it. Only a page opened from the teacher's link holds the key, so
 * only there is an Unlock; the students' page says where the key is instead.
 */
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function LockedBanner() {
  const lock = useEditor((s) => s.classLock);
  const store = useEditorStoreApi();
  if (!lock) return null;
  return (
    <section className="save-banner locked-banner" aria-label="Locked diagram">
      The class link locked the diagram: train it as it is drawn (data and training settings stay yours to change).{' '}
      {lock.key ? (
        <button type="button" onClick={() => void store.getState().unlock()}>
          Unlock
        </button>
      ) : lock.check === null ? (
        <span>It was made before teacher’s links: make a new class link to change the diagram.</span>
      ) : (
        <span>Open the teacher’s link to unlock.</span>
      )}
    </section>
  );
}
