/** Exports the document as a JSON file the user keeps (also the way out when autosave fails). */
import type { LensDocument } from '../../io/document';

export function downloadDocument(doc: LensDocument): void {
  const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${(doc.name || 'diagram').replace(/[^\w.-]+/g, '_').slice(0, 60)}.lensboard.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
