/**
 * "New diagram", "open an example" or Open with unsaved work: keep it as a file first, discard it, or
 * stay. Cancel has the focus, so Enter by habit never throws work away.
 */
import { examples } from '../../io/examples';
import { startNewDiagram } from '../commands/newDiagram';
import { startExample } from '../commands/openExample';
import { exportToFile } from '../persist/exportFile';
import { startOpened } from '../persist/openFiles';
import type { EditorStore } from '../store/createEditorStore';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { DiscardIntent } from '../store/types';
import { hasUnsavedWork } from '../store/unsaved';

function wordsFor(intent: DiscardIntent, store: EditorStore) {
  if (intent.next === 'new')
    return {
      what: 'A new diagram',
      keep: 'Export, then new',
      go: 'Discard and start new',
      run: () => startNewDiagram(store),
    };
  if (intent.next === 'file' && intent.link)
    return {
      what: 'The diagram in the link',
      keep: 'Export, then open',
      go: 'Replace it with the link’s diagram',
      run: () => startOpened(store, intent.file, intent.opened),
    };
  if (intent.next === 'file')
    return {
      what: `The ${intent.opened.kind} “${intent.file}”`,
      keep: 'Export, then open',
      go: 'Discard and open the file',
      run: () => startOpened(store, intent.file, intent.opened),
    };
  const name = examples.find((e) => e.id === intent.id)?.name ?? intent.id;
  return {
    what: `The example “${name}”`,
    keep: 'Export, then open',
    go: 'Discard and open the example',
    run: () => startExample(store, intent.id),
  };
}

export function DiscardDialog() {
  const intent = useEditor((s) => s.discardPrompt);
  const store = useEditorStoreApi();
  if (!intent) return null;
  const cancel = () => store.getState().setView({ discardPrompt: false });
  const { what, keep, go, run } = wordsFor(intent, store);
  const link = intent.next === 'file' && intent.link && !hasUnsavedWork(store.getState());
  return (
    <div className="modal-backdrop" role="presentation">
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="discard-title"
        aria-describedby="discard-text"
      >
        <h2 id="discard-title">{link ? 'Replace the diagram kept in this browser?' : 'Discard unsaved changes?'}</h2>
        <p id="discard-text">
          {link
            ? 'This diagram is the one autosaved in this browser.'
            : 'This diagram has changes that were never exported as a file.'}{' '}
          {what} replaces it (Undo brings it back while this tab is open).
        </p>
        <div className="modal-actions">
          <button
            type="button"
            onClick={() => {
              exportToFile(store);
              run();
            }}
          >
            {keep}
          </button>
          <button type="button" className="danger" onClick={run}>
            {go}
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a modal dialog */}
          <button type="button" autoFocus onClick={cancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
