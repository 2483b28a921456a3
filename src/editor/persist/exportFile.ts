/** Export: the document leaves as a JSON file, and from then on counts as saved (`exportedDoc`). */
import type { EditorStore } from '../store/createEditorStore';
import { downloadDocument } from './download';

export function exportToFile(store: EditorStore): void {
  const { doc, setView } = store.getState();
  downloadDocument(doc);
  setView({ exportedDoc: doc });
}
