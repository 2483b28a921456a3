/** The open diagram's name, in the header: the first thing to read on a projected screen. */
import './overlays/examples.css';
import { useEditor } from './store/EditorStoreContext';

export function DocumentTitle() {
  const name = useEditor((s) => s.doc.name) || 'Untitled';
  // a long name is cut with an ellipsis (app.css): the whole of it is its tooltip
  return (
    <output className="doc-title" aria-label="Diagram name" title={name}>
      {name}
    </output>
  );
}
