/** One link of the Share dialog: a field to select it by hand, its length, and a Copy button. */
import { useState } from 'react';

export function ShareLinkField({ label, link, copyLabel }: { label: string; link: string | null; copyLabel: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  // Copying goes through the clipboard API; where the browser refuses, the link is there to select.
  const copy = () => {
    if (!link) return;
    navigator.clipboard.writeText(link).then(
      () => setCopied('Copied.'),
      () => setCopied('The browser would not copy it: select the link and copy it.'),
    );
  };
  return (
    <div className="share-link-field">
      <label className="share-link">
        {label}
        <input type="text" readOnly value={link ?? 'making the link…'} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <p className="muted" role="status">
        {link ? `${link.length} characters.` : ''} {copied}
      </p>
      <button type="button" disabled={!link} onClick={copy}>
        {copyLabel}
      </button>
    </div>
  );
}
