/** Where we are: the top level and the groups entered, each a way back. */
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { useScope } from '../store/hooks';

export function Breadcrumb() {
  const store = useEditorStoreApi();
  const scope = useScope();
  const groups = useEditor((s) => s.doc.groups);
  const name = useEditor((s) => s.doc.name);
  if (!scope) return null;
  const path = [];
  for (let g = groups.find((x) => x.id === scope); g; g = groups.find((x) => x.id === g?.parent)) path.unshift(g);
  return (
    <nav className="breadcrumb" aria-label="Sub-diagram path">
      <button type="button" onClick={() => store.getState().leaveTo(undefined)}>
        {name || 'Diagram'}
      </button>
      {path.map((g) => (
        <span key={g.id}>
          {' › '}
          <button
            type="button"
            aria-current={g.id === scope ? 'location' : undefined}
            onClick={() => store.getState().leaveTo(g.id)}
          >
            {g.name}
          </button>
        </span>
      ))}
    </nav>
  );
}
