/** The header's tools: each button runs a command, labelled with its name and keys. */
import { useReactFlow } from '@xyflow/react';
import { commandById } from './commands';
import { keyLabel } from './commands/command';
import { OPEN_INPUT_ID, openPicked } from './persist/openFiles';
import { useEditorStoreApi } from './store/EditorStoreContext';
import { useCanRedo, useCanUndo, useLensView, useOverlay } from './store/hooks';

const tools = [
  'new',
  'open',
  'examples',
  'undo',
  'redo',
  'group',
  'auto-layout',
  'fit-view',
  'lens-view',
  'reverse',
  'export',
  'share',
  'picture',
  'shortcuts',
] as const;

/** Tools that open a dialog of their own. */
const DIALOGS: ReadonlySet<string> = new Set(['examples', 'share', 'picture']);

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
            aria-haspopup={DIALOGS.has(id) ? 'dialog' : undefined}
            aria-controls={id === 'open' ? OPEN_INPUT_ID : undefined}
            aria-expanded={DIALOGS.has(id) ? overlay === id : undefined}
            title={keys ? `${c.label} (${keys})` : c.label}
            onClick={() => void c.run({ store, flow })}
          >
            {c.label}
          </button>
        );
      })}
      <input
        id={OPEN_INPUT_ID}
        type="file"
        accept=".json,application/json,.onnx"
        aria-label="Open a document or model file"
        hidden
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = ''; // choosing the same file again opens it again
          if (file) void openPicked(store, file);
        }}
      />
    </div>
  );
}
