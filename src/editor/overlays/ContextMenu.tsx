/** Context menus of a box, a wire and the canvas: each item is a command. */
import { useReactFlow } from '@xyflow/react';
import { commandById } from '../commands';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

const items = {
  box: ['copy', 'duplicate', 'group', 'save-box', 'delete'],
  wire: ['delete'],
  canvas: ['paste', 'select-all', 'auto-layout', 'fit-view', 'lens-view', 'reverse', 'new'],
} as const;

export function ContextMenu() {
  const menu = useEditor((s) => s.menu);
  const onGroup = useEditor((s) => s.menu?.kind === 'box' && s.doc.groups.some((g) => g.id === s.menu?.id));
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  if (!menu) return null;
  const close = () => store.getState().setView({ menu: null });
  return (
    <div
      className="context-menu"
      role="menu"
      aria-label={`${menu.kind} menu`}
      style={{ left: menu.screen.x, top: menu.screen.y }}
    >
      {items[menu.kind].map((id) => {
        const c = commandById(id);
        if (!c || (id === 'save-box' && !onGroup)) return null;
        return (
          <button
            key={id}
            type="button"
            role="menuitem"
            onClick={() => {
              close();
              void c.run({ store, flow });
            }}
          >
            {c.label}
          </button>
        );
      })}
    </div>
  );
}
