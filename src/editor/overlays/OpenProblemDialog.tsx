/**
 * A file Open refused: its name, and every problem with the JSON path where it is, so the user
 * can fix the file. Nothing was changed: the diagram, its history and any training stay as they were.
 */
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

/** Enough to see what is wrong; a file with thousands of problems is not read line by line. */
const SHOWN = 12;

export function OpenProblemDialog() {
  const problem = useEditor((s) => s.openProblem);
  const store = useEditorStoreApi();
  if (!problem) return null;
  const close = () => store.getState().setView({ openProblem: null });
  const { errors } = problem;
  const hidden = errors.length - SHOWN;
  return (
    <div className="modal-backdrop" role="presentation">
      <div
        className="modal open-problem"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="open-problem-title"
        aria-describedby="open-problem-text"
      >
        <h2 id="open-problem-title">Cannot open “{problem.file}”</h2>
        <p id="open-problem-text">
          Nothing was changed. {errors.length === 1 ? 'This is' : 'These are'} what to fix in the file (each at its
          place in the {/\.onnx$/i.test(problem.file) ? 'ONNX graph' : 'JSON'}):
        </p>
        <ul className="open-problem-list" aria-label="Problems">
          {errors.slice(0, SHOWN).map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
            <li key={i}>
              <code className="open-problem-path">{e.path || 'the whole file'}</code>: {e.message}
            </li>
          ))}
          {hidden > 0 && <li>…and {hidden} more</li>}
        </ul>
        <div className="modal-actions">
          {/* biome-ignore lint/a11y/noAutofocus: the only choice takes the focus in a modal dialog */}
          <button type="button" autoFocus onClick={close}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
