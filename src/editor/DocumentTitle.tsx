/** The open diagram's name, in the header: the first thing to read on a projected screen. */
import './overlays/examples.css';
import { useEditor } from './store/EditorStoreContext';

export function DocumentTitle() {
  const name = useEditor((s) => s.doc.name);
  return (
    <output className="doc-title" aria-label="Diagram name">
      {name || 'Untitled'}
    </output>
  );
}
