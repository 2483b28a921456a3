/**
 * Export model: the diagram with its trained weights and optimiser state as one
 * `.lensboard-model.json` file (docs/model-format.md), during or after training, named after the
 * diagram; a big model's archive with a bar of how much is written and Cancel. Also where a model file that Open read hands its weights to the training session,
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
import { blobPieces, exportSource, resumeOf } from './modelExport';
import { modelArchiveName, modelFileName } from './modelFileName';
import type { SavedModel } from './openedModelFile';

/** Cancel pressed while an archive was being written. */
class ExportCancelled extends Error {}

export function ExportModel() {
  const store = useEditorStoreApi();
  const session = useTrainSession();
  const shelf = useShelf();
  const loaded = useRef<SessionState['resume']>(null);
  const [busy, setBusy] = useState(false);
  /** How much of a big model's archive is written, 0…1; null when none is being written. */
  const [progress, setProgress] = useState<number | null>(null);
  /** Set by Cancel while an archive is being written: the next chunk stops it, nothing saved. */
  const cancelled = useRef(false);

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

  const savedModel = async (): Promise<SavedModel | null> =>
    source.kind === 'run'
      ? await session.reads.modelFile()
      : source.kind === 'opened'
        ? (await import('./openedModelFile')).openedModelFile(source.opened)
        : null;

  /**
   * An archive's chunks gathered into one Blob, a few MB at a time with the page given back in
   * between, the bar showing how much: each piece is copied once into the browser's blob store
   * (a Blob of Blobs copies nothing more), never concatenated and never as one string.
   */
  async function archiveBlob(chunks: readonly (ArrayBuffer | Uint8Array)[]): Promise<Blob> {
    const pieces = blobPieces(chunks);
    const total = pieces.reduce((n, c) => n + c.byteLength, 0);
    const parts: Blob[] = [];
    let done = 0;
    for (const c of pieces) {
      if (cancelled.current) throw new ExportCancelled();
      parts.push(new Blob([c]));
      done += c.byteLength;
      setProgress(done / total);
      await new Promise((go) => setTimeout(go, 0));
    }
    return new Blob(parts, { type: 'application/octet-stream' });
  }

  async function exportModel() {
    const notify = store.getState().notify;
    setBusy(true);
    // the bar and Cancel show from the click: the training worker may take seconds to hand a big model over
    cancelled.current = false;
    setProgress(0);
    try {
      const saved = await savedModel();
      if (cancelled.current) throw new ExportCancelled();
      if (saved === null) {
        notify('Export model: train first; there are no trained weights yet.', 'error');
        return;
      }
      if ('text' in saved) {
        downloadText(saved.text, fileName);
        notify(`Exported the model as “${fileName}”.`);
        return;
      }
      const name = modelArchiveName(doc.name);
      const blob = await archiveBlob(saved.chunks);
      downloadBlob(blob, name);
      notify(
        `Exported the model as “${name}” (${(blob.size / 2 ** 20).toFixed(0)} MB: an archive, its weights as bytes).`,
      );
    } catch (e) {
      if (e instanceof ExportCancelled) notify('Stopped exporting the model: nothing saved.');
      else notify(`Export model failed: ${e instanceof Error ? e.message : String(e)}`, 'error');
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  async function exportTo(target: ExportTargetInfo) {
    const notify = store.getState().notify;
    setBusy(true);
    try {
      const saved = await savedModel();
      if (saved === null) {
        notify(`Export → ${target.label}: train first; there are no trained weights yet.`, 'error');
        return;
      }
      // The writers load on the first export, not with the page (docs/export.md).
      const { exportArchive, exportArchiveOf } = await import('../../export/package');
      // the rows, loaded now rather than with the page, let the package's README give the split's sizes
      const rows = doc.dataset ? await rowsOf(doc.dataset).catch(() => undefined) : undefined;
      const datasetRows = rows?.n;
      const base = safeFileBase(doc.name, 'model');
      const archive =
        'text' in saved
          ? exportArchive(saved.text, target.id, base, datasetRows)
          : await exportArchiveOf(
              new Blob(saved.chunks.map((c) => (c instanceof Uint8Array ? c.slice() : c))),
              target.id,
              base,
              datasetRows,
            );
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
      {progress !== null && (
        <>
          <progress max={1} value={progress} aria-label="Writing the model file">
            {Math.round(progress * 100)}%
          </progress>
          <button
            type="button"
            onClick={() => {
              cancelled.current = true;
            }}
          >
            Cancel export
          </button>
        </>
      )}
      <ExportToMenu
        disabled={!can}
        why={source.kind === 'none' ? source.why : null}
        busy={busy}
        onPick={(target) => void exportTo(target)}
      />
    </div>
  );
}
