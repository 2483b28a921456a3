/**
 * One kept run in the Runs tab: its name (renamed in place), what it was, and what can be done
 * with it — overlay its curves, export its model file, open its weights in the session (this
 * document's runs only: another document's weights need not fit this diagram), delete it.
 */
import { useState } from 'react';
import { downloadBlob, downloadText } from '../../editor/persist/download';
import { useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import { modelArchiveName, modelFileName } from '../model/modelFileName';
import { useTrainSession } from '../session/TrainSessionContext';
import { openRun } from './openRun';
import { useFlushRun } from './RunBookContext';
import type { RunBook } from './runBook';
import { runFacts } from './runFacts';
import type { RunModel, RunRecord } from './runRecord';

/** A kept run's model file saved as it is kept: the archive (`.lensboard`), or an older record's JSON. */
function download(model: RunModel, docName: string): void {
  if ('text' in model) downloadText(model.text, modelFileName(docName));
  else downloadBlob(new Blob([model.archive], { type: 'application/octet-stream' }), modelArchiveName(docName));
}

export interface RunItemProps {
  readonly run: RunRecord;
  readonly book: RunBook;
  /** A run of the open document: its weights can be opened. */
  readonly own: boolean;
  /** Its colour on the overlay chart, when overlaid. */
  readonly colour: string | null;
  readonly unsaved: boolean;
}

export function RunItem({ run, book, own, colour, unsaved }: RunItemProps) {
  const session = useTrainSession();
  const flush = useFlushRun(session);
  const notify = useEditorStoreApi().getState().notify;
  const [name, setName] = useState(run.name);
  const [asking, setAsking] = useState(false);
  const commit = () => (name.trim() ? void book.rename(run.id, name.trim()) : setName(run.name));

  async function openWeights() {
    // Opening starts the session afresh: the run under way is kept first.
    await flush();
    if (await openRun(session, run)) notify(`Opened the weights of “${run.name}”: Play goes on from them.`);
    else notify(`Open weights: “${run.name}” has no model file that can be read.`, 'error');
  }

  return (
    <li className="run-item" aria-label={run.name}>
      <input
        className="run-name"
        aria-label="Run name"
        value={name}
        maxLength={200}
        onChange={(e) => setName(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') setName(run.name);
        }}
      />
      <p className="run-facts">
        {runFacts(run, !own)}
        {unsaved && <strong> · not kept after this page closes</strong>}
      </p>
      <div className="run-actions">
        <label className="run-overlay" title="Draw this run's curves on the chart">
          <input
            type="checkbox"
            checked={colour !== null}
            onChange={(e) => book.setOverlay(run.id, e.target.checked)}
          />
          <span className="run-swatch" style={{ background: colour ?? 'transparent' }} aria-hidden="true" />
          Overlay
        </label>
        <button type="button" disabled={!run.model} onClick={() => run.model && download(run.model, run.docName)}>
          Export
        </button>
        {own && (
          <button type="button" disabled={!run.model} onClick={() => void openWeights()}>
            Open weights
          </button>
        )}
        {asking ? (
          <fieldset className="run-confirm">
            <legend>Delete this run?</legend>
            <button type="button" className="run-danger" onClick={() => void book.remove(run.id)}>
              Delete for good
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              Keep
            </button>
          </fieldset>
        ) : (
          <button type="button" onClick={() => setAsking(true)}>
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
