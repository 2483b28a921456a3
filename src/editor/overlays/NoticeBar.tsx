/**
 * The latest notice (a refused connection's reason, a foreign paste…), in words: it fades after a
 * few seconds (or at ×), and stays in the log of messages the status bar opens (NoticeLog.tsx).
 * A type in it is written in the notation chosen (docs/notation.md).
 */
import { useEffect } from 'react';
import { messageIn } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useNotice } from '../store/hooks';

/** How long a notice stays; its last second is a fade (editor.css, `notice-fade`). */
export const NOTICE_MS = 6000;

export function NoticeBar() {
  const notice = useNotice();
  const store = useEditorStoreApi();
  const notation = useNotation();
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(
      () => store.getState().notice?.id === notice.id && store.getState().dismissNotice(),
      NOTICE_MS,
    );
    return () => clearTimeout(t);
  }, [notice, store]);
  return (
    <div className="notice" role="status" aria-live="polite" aria-label="Notice">
      {notice && (
        <div key={notice.id} className={`notice-${notice.tone} notice-fading`}>
          <span className="notice-text">{messageIn(notation, notice.text)}</span>
          <button
            type="button"
            className="notice-close"
            aria-label="Dismiss"
            onClick={() => store.getState().dismissNotice()}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
