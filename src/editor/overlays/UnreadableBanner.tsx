/**
 * A saved copy that could not be read on start (made by a newer version of Lensboard, or
 * damaged) is kept aside in this browser, untouched; this says so, and offers to export it as
 * a file (to open it in that newer version, or to mend it) or, once the user chooses, delete it.
 * Another tab's version of the diagram, set aside when its edits collided with this tab's
 * (persist/slot.ts), is kept and offered the same way.
 */

import { downloadText } from '../persist/download';
import { type AsideRecord, deleteAside } from '../persist/idb';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

const COPY = { idb: 'The autosaved diagram', pending: 'The last edit, kept as the page closed,' } as const;
const FILE = { idb: 'autosave', pending: 'last-edit', 'other-tab': 'other-tab' } as const;

/** The record's own text where it was text (the pending record), else its JSON. */
const asText = (r: AsideRecord) => (typeof r.raw === 'string' ? r.raw : JSON.stringify(r.raw, null, 2));

const fileName = (r: AsideRecord) =>
  `${r.copy === 'other-tab' ? 'kept' : 'unreadable'}-${FILE[r.copy]}-${new Date(r.keptAt).toISOString().slice(0, 10)}.json`;

export function UnreadableBanner() {
  const records = useEditor((s) => s.unreadable);
  const store = useEditorStoreApi();
  if (records.length === 0) return null;
  const drop = async (key: string) => {
    try {
      await deleteAside(key);
      store.getState().setView({ unreadable: store.getState().unreadable.filter((r) => r.key !== key) });
    } catch (e) {
      store.getState().notify(`Could not delete it: ${e instanceof Error ? e.message : String(e)}`, 'error');
    }
  };
  return (
    <>
      {records.map((r) => (
        <section
          key={r.key}
          className="save-banner"
          aria-label={r.copy === 'other-tab' ? "Another tab's version" : 'Unreadable saved diagram'}
        >
          {r.copy === 'other-tab' ? (
            <span>
              Another tab changed {r.reason} too. Both tabs' other edits are merged; here this tab's version is saved,
              and the other tab's whole diagram is kept aside in this browser: export it as a file to open it.
            </span>
          ) : (
            <span>
              {COPY[r.copy]} could not be read ({r.reason}). It is kept aside in this browser, untouched: export it as a
              file to open it elsewhere or mend it.
            </span>
          )}
          <button type="button" onClick={() => downloadText(asText(r), fileName(r))}>
            Export it as a file
          </button>
          <button type="button" className="danger" onClick={() => void drop(r.key)}>
            Delete it
          </button>
        </section>
      ))}
    </>
  );
}
