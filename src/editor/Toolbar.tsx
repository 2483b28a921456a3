/** The header's tools: each button runs a command, labelled with its name and keys. */
import { useReactFlow } from '@xyflow/react';
import { commandById } from './commands';
import { keyLabel } from './commands/command';
import { useEditorStoreApi } from './store/EditorStoreContext';
import { useCanRedo, useCanUndo, useLensView, useOverlay } from './store/hooks';

const tools = [
  'new',
  'examples',
  'undo',
  'redo',
  'group',
  'auto-layout',
  'fit-view',
  'lens-view',
  'reverse',
  'export',
  'shortcuts',
] as const;

export function Toolbar() {
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  const state = { undo: !useCanUndo(), redo: !useCanRedo() } as Record<string, boolean>;
  const overlay = useOverlay();
  const pressed: Record<string, boolean> = { 'lens-view': useLensView(), reverse: overlay === 'reverse' };
  return (
    <div className="toolbar" role="toolbar" aria-label="Editor tools">
      {tools.map((id) => {
        const c = commandById(id);
        if (!c) return null;
        const keys = c.keys.map(keyLabel).join(' / ');
        return (
          <button
            key={id}
            type="button"
            disabled={state[id]}
            aria-pressed={id in pressed ? pressed[id] : undefined}
            aria-haspopup={id === 'examples' ? 'dialog' : undefined}
            aria-expanded={id === 'examples' ? overlay === 'examples' : undefined}
            title={keys ? `${c.label} (${keys})` : c.label}
            onClick={() => void c.run({ store, flow })}
          >
            {c.label}
          </button>
        );
      })}
    </div>
  );
}
