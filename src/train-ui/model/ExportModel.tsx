/**
 * Export model: the diagram with its trained weights and optimiser state as one
 * `.lensboard-model.json` file (docs/model-format.md), during or after training, named after the
 * diagram. Also where a model file that Open read hands its weights to the training session,
 * whose next run starts from them. Beside it, Export to… → <target> saves the same model as a package
 * for another engine (docs/export.md), one .zip per target.
 */
import './model.css';
import { useEffect, useRef, useState } from 'react';
import { downloadBlob, downloadText } from '../../editor/persist/download';
import { safeFileBase } from '../../editor/persist/fileName';
import { useEditor, useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import type { ExportTargetInfo } from '../../export/targetInfo';
import type { SessionState } from '../session/sessionState';
import { useSession, useShelf, useTrainSession } from '../session/TrainSessionContext';
import { rowsOf } from '../views/useViewRows';
import { ExportToMenu } from './ExportToMenu';
import { exportSource, openedModelText, resumeOf } from './modelExport';
import { modelFileName } from './modelFileName';

export function ExportModel() {
  const store = useEditorStoreApi();
  const session = useTrainSession();
  const shelf = useShelf();
  const loaded = useRef<SessionState['resume']>(null);
  const [busy, setBusy] = useState(false);

  // A model file opened (persist/openFiles.ts): its weights go at once to the session of the
  // document it opened as (shown since the open: it is read at the time, not at the last render).
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (!s.openedModel || s.openedModel === prev.openedModel) return;
        const resume = resumeOf(s.openedModel);
        loaded.current = resume;
        shelf.session.loadWeights(resume);
      }),
    [store, shelf],
  );

  const phase = useSession((s) => s.phase);
  const ready = useSession((s) => s.ready);
  const resume = useSession((s) => s.resume);
  const step = useSession((s) => s.step);
  const doc = useEditor((s) => s.doc);
  const opened = useEditor((s) => s.openedModel);
  const source = exportSource({ phase, ready, resume, step }, doc, opened, loaded.current);
  const fileName = modelFileName(doc.name);

  const modelText = async (): Promise<string | null> =>
    source.kind === 'run'
      ? await session.reads.modelText()
      : source.kind === 'opened'
        ? openedModelText(source.opened)
        : null;

  async function exportModel() {
    const notify = store.getState().notify;
    setBusy(true);
    try {
      const text = await modelText();
      if (text === null) {
        notify('Export model: train first; there are no trained weights yet.', 'error');
        return;
      }
      downloadText(text, fileName);
      notify(`Exported the model as “${fileName}”.`);
    } catch (e) {
      notify(`Export model failed: ${e instanceof Error ? e.message : String(e)}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  async function exportTo(target: ExportTargetInfo) {
    const notify = store.getState().notify;
    setBusy(true);
    try {
      const text = await modelText();
      if (text === null) {
        notify(`Export → ${target.label}: train first; there are no trained weights yet.`, 'error');
        return;
      }
      // The writers load on the first export, not with the page (docs/export.md).
      const { exportArchive } = await import('../../export/package');
      // the rows, loaded now rather than with the page, let the package's README give the split's sizes
      const rows = doc.dataset ? await rowsOf(doc.dataset).catch(() => undefined) : undefined;
      const datasetRows = rows?.n;
      const archive = exportArchive(text, target.id, safeFileBase(doc.name, 'model'), datasetRows);
      downloadBlob(new Blob([archive.bytes.slice().buffer], { type: 'application/zip' }), archive.name);
      notify(`Exported the model for ${target.label} as “${archive.name}”.`);
    } catch (e) {
      notify(`Export → ${target.label} failed: ${e instanceof Error ? e.message : String(e)}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  const can = source.kind !== 'none' && !busy;
  return (
    <div className="model-files">
      <button
        type="button"
        disabled={!can}
        aria-busy={busy}
        title={
          source.kind === 'none'
            ? `Export model: ${source.why}`
            : `Export model: the diagram with its trained weights and optimiser state, as “${fileName}”`
        }
        onClick={() => void exportModel()}
      >
        Export model
      </button>
      <ExportToMenu
        disabled={!can}
        why={source.kind === 'none' ? source.why : null}
        busy={busy}
        onPick={(target) => void exportTo(target)}
      />
    </div>
  );
}
