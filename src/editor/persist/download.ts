/** Exports the document as a JSON file the user keeps (also the way out when autosave fails). */
import type { LensDocument } from '../../io/document';

export function downloadDocument(doc: LensDocument): void {
  downloadText(
    JSON.stringify(doc, null, 2),
    `${(doc.name || 'diagram').replace(/[^\w.-]+/g, '_').slice(0, 60)}.lensboard.json`,
  );
}

/** Any text the user keeps as a file (a model file too): a Blob and an <a download>, no network. */
export function downloadText(text: string, fileName: string, type = 'application/json'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
