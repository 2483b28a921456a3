/** The latest notice (a refused connection's reason, a foreign paste…), in words, until dismissed. */
import { useEffect } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useNotice } from '../store/hooks';

const SHOW_MS = 8000;

export function NoticeBar() {
  const notice = useNotice();
  const store = useEditorStoreApi();
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => store.getState().notice?.id === notice.id && store.getState().dismissNotice(), SHOW_MS);
    return () => clearTimeout(t);
  }, [notice, store]);
  return (
    <div
      className={`notice${notice ? ` notice-${notice.tone}` : ''}`}
      role="status"
      aria-live="polite"
      aria-label="Notice"
    >
      {notice && (
        <>
          <span className="notice-text">{notice.text}</span>
          <button
            type="button"
            className="notice-close"
            aria-label="Dismiss"
            onClick={() => store.getState().dismissNotice()}
          >
            ×
          </button>
        </>
      )}
    </div>
  );
}
