/**
 * What to do on an empty canvas: drag a box from the palette, or open an example. Shown only at
 * the top level of a diagram with nothing on it; it lets drops through to the canvas.
 */
import './examples.css';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function EmptyCanvasHint() {
  const empty = useEditor((s) => !s.scope && s.doc.boxes.length === 0 && s.doc.groups.length === 0);
  const store = useEditorStoreApi();
  if (!empty) return null;
  return (
    <section className="empty-canvas" aria-label="Empty canvas">
      <p>Drag a box from the palette, or open an example.</p>
      <button type="button" aria-haspopup="dialog" onClick={() => store.getState().setOverlay('examples')}>
        Examples
      </button>
    </section>
  );
}
