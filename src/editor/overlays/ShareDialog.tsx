/**
 * Share link: a URL that opens this diagram in any browser (io/shareLink.ts), with classroom
 * flags that hide panels and lock the boxes. The link holds the diagram only, never trained weights (those travel
 * as a model file). Copying goes through the clipboard API; where the browser refuses, the link
 * is there to select.
 */
import { useEffect, useState } from 'react';
import { SHARE_PANELS, type SharePanel, shareHash } from '../../io/shareLink';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { useOverlay } from '../store/hooks';

const PANEL_NAMES: Record<SharePanel, string> = {
  palette: 'Hide the palette',
  inspector: 'Hide the inspector',
  data: 'Hide the data panel',
};

export function ShareDialog() {
  const overlay = useOverlay();
  const doc = useEditor((s) => s.doc);
  const store = useEditorStoreApi();
  const [hide, setHide] = useState<readonly SharePanel[]>([]);
  const [lock, setLock] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const open = overlay === 'share';

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLink(null);
    shareHash(doc, { hide, lock }).then(
      (hash) => live && setLink(`${window.location.origin}${window.location.pathname}${hash}`),
      (e: unknown) => live && setLink(`(no link: ${e instanceof Error ? e.message : String(e)})`),
    );
    return () => {
      live = false;
    };
  }, [open, doc, hide, lock]);

  if (!open) return null;
  const close = () => store.getState().setOverlay(null);
  const copy = () => {
    if (!link) return;
    navigator.clipboard.writeText(link).then(
      () => setCopied('Copied.'),
      () => setCopied('The browser would not copy it: select the link and copy it.'),
    );
  };
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
            <input type="checkbox" checked={lock} onChange={(e) => setLock(e.currentTarget.checked)} /> Lock the boxes
            (the class trains the diagram as drawn)
          </label>
        </fieldset>
        <label className="share-link">
          Link
          <input type="text" readOnly value={link ?? 'making the link…'} onFocus={(e) => e.currentTarget.select()} />
        </label>
        <p className="muted" role="status">
          {link ? `${link.length} characters.` : ''} {copied}
        </p>
        <div className="modal-actions">
          <button type="button" disabled={!link} onClick={copy}>
            Copy link
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a modal dialog */}
          <button type="button" autoFocus onClick={close}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
