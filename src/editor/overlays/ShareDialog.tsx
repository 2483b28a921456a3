/**
 * Share link: a URL that opens this diagram in any browser (io/shareLink.ts), with classroom
 * flags that hide panels and lock the diagram. Locked, it is two links (useShareLinks.ts): the
 * students' link, which no one can unlock, and the teacher's link, which carries the key. The
 * link holds the diagram only, never trained weights (those travel as a model file).
 */
import { useState } from 'react';
import { SHARE_PANELS, type SharePanel } from '../../io/shareLink';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { useOverlay } from '../store/hooks';
import { ShareLinkField } from './ShareLinkField';
import { useShareLinks } from './useShareLinks';

const PANEL_NAMES: Record<SharePanel, string> = {
  palette: 'Hide the palette',
  inspector: 'Hide the inspector',
  data: 'Hide the data panel',
};

export function ShareDialog() {
  const overlay = useOverlay();
  const doc = useEditor((s) => s.doc);
  const pageLock = useEditor((s) => s.classLock);
  const store = useEditorStoreApi();
  const [hide, setHide] = useState<readonly SharePanel[]>([]);
  const [wantLock, setLock] = useState(false);
  const open = overlay === 'share';
  const { link, teachers } = useShareLinks(open, doc, hide, pageLock, wantLock);
  const locked = pageLock !== null || wantLock;

  if (!open) return null;
  const close = () => store.getState().setOverlay(null);
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal share" role="dialog" aria-modal="true" aria-labelledby="share-title">
        <h2 id="share-title">Share link</h2>
        <p className="muted">
          Opens this diagram in any browser (not its trained weights: export a model for those). Opening it never
          replaces someone’s own diagram without asking.
        </p>
        <fieldset className="share-flags">
          <legend>For a class</legend>
          {SHARE_PANELS.map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={hide.includes(p)}
                onChange={(e) =>
                  setHide(SHARE_PANELS.filter((q) => (q === p ? e.currentTarget.checked : hide.includes(q))))
                }
              />{' '}
              {PANEL_NAMES[p]}
            </label>
          ))}
          <label>
            <input
              type="checkbox"
              checked={locked}
              disabled={pageLock !== null}
              onChange={(e) => setLock(e.currentTarget.checked)}
            />{' '}
            Lock the diagram (the class trains it as drawn; only the teacher’s key unlocks it)
          </label>
        </fieldset>
        {!locked && <ShareLinkField label="Link" link={link} copyLabel="Copy link" />}
        {locked && <ShareLinkField label="Students’ link (locked)" link={link} copyLabel="Copy students’ link" />}
        {locked && teachers && (
          <ShareLinkField label="Teacher’s link (can unlock)" link={teachers} copyLabel="Copy teacher’s link" />
        )}
        {pageLock && !pageLock.key && (
          <p className="muted">
            A class link locked this page: its links keep that lock, and only the teacher’s page makes a teacher’s link.
          </p>
        )}
        <div className="modal-actions">
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a modal dialog */}
          <button type="button" autoFocus onClick={close}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
