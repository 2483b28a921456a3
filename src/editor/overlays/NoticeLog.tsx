/**
 * The log of messages: every notice of this visit, newest first, opened from the status bar, so
 * a refused connection's reason can be read again after its notice faded.
 */
import { messageIn } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function NoticeLog() {
  const log = useEditor((s) => s.noticeLog);
  const open = useEditor((s) => s.noticeLogOpen);
  const store = useEditorStoreApi();
  const notation = useNotation();
  const toggle = () => store.getState().setView({ noticeLogOpen: !open });
  return (
    <span className="notice-log">
      <button
        type="button"
        className="notice-log-toggle"
        aria-expanded={open}
        aria-controls="notice-log"
        onClick={toggle}
        disabled={log.length === 0}
      >
        Messages ({log.length})
      </button>
      {open && (
        <section id="notice-log" className="notice-log-list" aria-label="Messages">
          <header>
            <h2>Messages</h2>
            <button type="button" className="notice-log-close" aria-label="Close the messages" onClick={toggle}>
              ×
            </button>
          </header>
          <ol reversed>
            {[...log].reverse().map((n) => (
              <li key={n.id} className={`notice-log-${n.tone}`}>
                {messageIn(notation, n.text)}
              </li>
            ))}
          </ol>
        </section>
      )}
    </span>
  );
}
