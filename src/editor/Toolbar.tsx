/**
 * The header's tools, on one row at 1280 px (docs/screen.md): the commands grouped in File, Edit
 * and View menus, as in every editor, and beside them the ones a class presses most — Examples,
 * Undo, Redo and Fit view — as buttons. Each item runs a command and shows its keys.
 */
import { useReactFlow } from '@xyflow/react';
import { commandById } from './commands';
import { keyLabel } from './commands/command';
import { MenuButton, type MenuEntry } from './MenuButton';
import { OPEN_INPUT_ID, openPickedFiles } from './persist/openFiles';
import { useEditorStoreApi } from './store/EditorStoreContext';
import { useCanRedo, useCanUndo, useLensView, useOverlay } from './store/hooks';

const MENUS = [
  { label: 'File', ids: ['new', 'open', 'examples', 'export', 'share', 'picture'] },
  { label: 'Edit', ids: ['undo', 'redo', 'group', 'auto-layout'] },
  { label: 'View', ids: ['fit-view', 'lens-view', 'reverse', 'shortcuts'] },
] as const;

/** `mod+shift+z` as `aria-keyshortcuts` writes it: `Control+Shift+Z` (⌘ is `Meta` on a Mac). */
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
function ariaKeys(binding: string): string {
  return binding
    .split('+')
    .map((p) =>
      p === 'mod' ? (isMac ? 'Meta' : 'Control') : p.length === 1 ? p.toUpperCase() : p[0].toUpperCase() + p.slice(1),
    )
    .join('+');
}

/** Pressed most: a button each, beside the menus. */
const BUTTONS = ['examples', 'undo', 'redo', 'fit-view'] as const;

/** Tools that open a dialog of their own. */
const DIALOGS: ReadonlySet<string> = new Set(['examples', 'share', 'picture', 'shortcuts']);

export function Toolbar() {
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  const disabled: Record<string, boolean> = { undo: !useCanUndo(), redo: !useCanRedo() };
  const overlay = useOverlay();
  const on: Record<string, boolean> = { 'lens-view': useLensView(), reverse: overlay === 'reverse' };

  const entry = (id: string): MenuEntry | null => {
    const c = commandById(id);
    if (!c) return null;
    return {
      id,
      label: c.label,
      keys: c.keys.map(keyLabel).join(' / ') || undefined,
      shortcuts: c.keys.map(ariaKeys).join(' ') || undefined,
      disabled: disabled[id],
      checked: id in on ? on[id] : undefined,
      dialog: DIALOGS.has(id),
      run: () => void c.run({ store, flow }),
    };
  };

  return (
    <div className="toolbar" role="toolbar" aria-label="Editor tools">
      {MENUS.map((m) => (
        <MenuButton
          key={m.label}
          label={m.label}
          entries={m.ids.map(entry).filter((e): e is MenuEntry => e !== null)}
        />
      ))}
      <span className="toolbar-gap" aria-hidden="true" />
      {BUTTONS.map((id) => {
        const e = entry(id);
        if (!e) return null;
        return (
          <button
            key={id}
            type="button"
            disabled={e.disabled}
            aria-haspopup={e.dialog ? 'dialog' : undefined}
            aria-expanded={e.dialog ? overlay === id : undefined}
            title={e.keys ? `${e.label} (${e.keys})` : e.label}
            onClick={e.run}
          >
            {e.label}
          </button>
        );
      })}
      <input
        id={OPEN_INPUT_ID}
        type="file"
        accept=".json,application/json,.onnx,.data,.lensboard"
        aria-label="Open a document or model file"
        // an .onnx with its external data file(s) is chosen together
        multiple
        hidden
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = ''; // choosing the same file again opens it again
          if (files.length) void openPickedFiles(store, files);
        }}
      />
    </div>
  );
}
