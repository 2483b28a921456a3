/** The `?` overlay: every command and its keys, read from the command files themselves. */
import { commands } from '../commands';
import { keyLabel } from '../commands/command';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useOverlay } from '../store/hooks';

const canvasHabits: [string, string][] = [
  ['Shift+drag', 'Box-select'],
  ['Ctrl/Shift+click', 'Add to the selection'],
  ['Right-click', 'Menu of a box, a wire or the canvas'],
  ['Double-click a group', 'Enter it'],
];

export function ShortcutsOverlay() {
  const overlay = useOverlay();
  const store = useEditorStoreApi();
  if (overlay !== 'shortcuts') return null;
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts">
        <h2>Keyboard shortcuts</h2>
        <table className="shortcuts">
          <tbody>
            {commands
              .filter((c) => c.keys.length > 0)
              .map((c) => (
                <tr key={c.id}>
                  <td>{c.keys.map(keyLabel).join(' / ')}</td>
                  <td>{c.label}</td>
                </tr>
              ))}
            {canvasHabits.map(([k, what]) => (
              <tr key={k}>
                <td>{k}</td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" onClick={() => store.getState().setOverlay(null)}>
          Close
        </button>
      </div>
    </div>
  );
}
