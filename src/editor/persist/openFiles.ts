/**
 * Open (the toolbar's Open…, Ctrl+O, a file dropped on the canvas): documents and model files
 * through the one checked door (model/openFile.ts), the size before a byte is read. A refused file
 * changes nothing and is shown with every problem at its JSON path; an accepted one replaces the
 * diagram at once when nothing would be lost, else after the in-app "discard unsaved changes?"
 * question, as an example does (overlays/DiscardDialog.tsx). A model file opens as its diagram,
 * made to agree with how it was trained, and leaves its weights in `openedModel` for the
 * training session (docs/model-format.md). An ONNX file (`.onnx`) is read as bytes and drawn as
 * a model whose weights are its initialisers (kept in it, or in external data files chosen
 * with it), or refused naming each node it cannot draw (docs/export.md, "Import back"). A lesson file opens its diagram and leaves the lesson in
 * `openedLesson`, which the classroom starts (docs/lessons.md).
 */
import type { RunningImport } from '../../export/onnx/import/importClient';
import type { ImportStage } from '../../export/onnx/import/importOnnx';
import type { ExternalFile } from '../../export/onnx/import/importProtocol';
import { documentForModel } from '../../learn/modelDocument';
import type { OpenedFile } from '../../model/openFile';
import type { EditorStore } from '../store/createEditorStore';
import type { AcceptedFile } from '../store/types';
import { hasUnsavedWork } from '../store/unsaved';

/** The page's one file input, which the Open command clicks (Toolbar.tsx renders it). */
export const OPEN_INPUT_ID = 'lensboard-open-file';

/**
 * The door's readers (lessons start from any example, so they carry the whole gallery) load with
 * the first file opened, not with the page (docs/architecture.md, "The first screen").
 */
const loadDoor = () => import('../../model/openFile');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Replaces the diagram by the accepted file, unasked; it opens with nothing unsaved. */
export function startOpened(store: EditorStore, file: string, opened: AcceptedFile): void {
  const s = store.getState();
  s.setView({ discardPrompt: false, overlay: null, openProblem: null });
  s.leaveTo(undefined);
  const older =
    'migratedFrom' in opened && opened.migratedFrom !== undefined
      ? ' It was written by an older version of Lensboard and updated.'
      : '';
  if (opened.kind === 'document') {
    s.setView({ openedModel: null });
    s.setDocument(opened.doc, true, 'file');
    s.notify(`Opened “${file}”.${older}`);
    return;
  }
  if (opened.kind === 'lesson') {
    s.setView({ openedModel: null, lensView: false });
    s.clearSelection();
    // A copy: each start is a document of its own, whatever the last one did with the lesson's.
    s.setDocument(structuredClone(opened.doc), true, 'lesson');
    // Set after the document, as a model's weights are: the lesson counts from its own session.
    s.setView({ openedLesson: { file, lesson: opened.lesson, doc: opened.doc } });
    s.notify(`Opened the lesson “${opened.lesson.title}”.`);
    return;
  }
  const { model, weights } = opened;
  const doc = documentForModel(model.diagram, model.trainingConfig);
  s.setDocument(doc, true, 'model');
  // Set after the document: whoever starts runs from these weights finds their diagram in place.
  const { carried } = opened;
  const given = opened.from === 'onnx';
  s.setView({
    openedModel: { file, model, weights, doc, ...(carried ? { carried } : {}), ...(given ? { given } : {}) },
  });
  if (given) {
    const note = opened.note ? ` ${opened.note}` : '';
    s.notify(
      `Opened the ONNX model “${file}” as a diagram with its weights: Play trains on from them once its data is bound.${note}`,
    );
    return;
  }
  const t = model.trainingConfig;
  const agreed = doc === model.diagram ? '' : ' Its training settings were set to those it was trained with.';
  s.notify(
    `Opened the model “${file}”, trained ${plural(t.epochsDone, 'epoch')} (${plural(t.stepsDone, 'step')}): Play goes on from its weights.${agreed}${older}`,
  );
}

/** The ONNX import or archive read running for each store: one at a time, a new Open cancels the last. */
const running = new WeakMap<EditorStore, Pick<RunningImport, 'cancel'>>();

/** Files this big show how far their reading has come (a model archive's weights). */
const SHOWN_FROM_BYTES = 8 * 2 ** 20;

/**
 * A document, a lesson or a model (JSON or archive) opened from a picked or dropped file. A model
 * archive is read and checked in a worker (model/archiveOpen.ts), its weights moved back, so the
 * page stays responsive; a big one shows in the status bar how far, and Cancel stops it.
 */
async function openRead(store: EditorStore, file: File): Promise<void> {
  cancelOnnxOpening(store);
  let cancelled = false;
  const job = {
    cancel: () => {
      cancelled = true;
    },
  };
  running.set(store, job);
  let shown = false;
  const progress = (read: number, total: number) => {
    if (cancelled) throw new Error('cancelled');
    if (total < SHOWN_FROM_BYTES) return;
    shown = true;
    store
      .getState()
      .setView({ onnxOpening: { file: file.name, stage: 'reading', percent: Math.floor((read / total) * 100) } });
  };
  const opened = (await isArchiveFile(file)) ? await readArchive(store, file, job, progress) : await readPicked(file);
  if (running.get(store) === job) running.delete(store);
  if (shown) store.getState().setView({ onnxOpening: null });
  if (cancelled || opened === null) {
    store.getState().notify(`Stopped opening “${file.name}”: nothing changed.`);
    return;
  }
  openChecked(store, file.name, opened);
}

async function isArchiveFile(file: File): Promise<boolean> {
  const { ARCHIVE_MAGIC, isArchive } = await import('../../io/modelArchive');
  try {
    return isArchive(new Uint8Array(await file.slice(0, ARCHIVE_MAGIC.length).arrayBuffer()));
  } catch {
    return false; // the door says why it cannot be read
  }
}

/** An archive through the door in its worker; Cancel (the job's) terminates it. Null when cancelled. */
async function readArchive(
  store: EditorStore,
  file: File,
  job: { cancel(): void },
  progress: (read: number, total: number) => void,
): Promise<OpenedFile | null> {
  const { startArchiveOpen } = await import('../../model/archiveOpen');
  const read = startArchiveOpen(file, (done, total) => {
    try {
      progress(done, total);
    } catch {
      read.cancel();
    }
  });
  const cancel = job.cancel;
  job.cancel = () => {
    cancel();
    read.cancel();
  };
  if (running.get(store) !== job) read.cancel();
  return read.done;
}

/**
 * Stops the ONNX file being opened, if one is: its worker is terminated and nothing changes
 * (the status bar's Cancel).
 */
export function cancelOnnxOpening(store: EditorStore): void {
  running.get(store)?.cancel();
}

/**
 * An ONNX file's bytes, already read: drawn as a model in a worker while the status bar shows
 * how far it has come, or refused naming each node. The bytes are moved to the worker. The
 * reader loads with the first .onnx file opened, not with the page; a failed load is a refusal.
 */
export async function openOnnx(
  store: EditorStore,
  file: string,
  bytes: Uint8Array,
  external: readonly ExternalFile[] = [],
): Promise<void> {
  let startOnnxImport: typeof import('../../export/onnx/import/importClient').startOnnxImport;
  try {
    ({ startOnnxImport } = await import('../../export/onnx/import/importClient'));
  } catch (e) {
    const message = `the ONNX reader could not be loaded: ${e instanceof Error ? e.message : String(e)}`;
    store.getState().setView({ openProblem: { file, errors: [{ path: '', message }] } });
    return;
  }
  cancelOnnxOpening(store);
  const show = (stage: ImportStage, fraction: number) =>
    store.getState().setView({ onnxOpening: { file, stage, percent: Math.floor(fraction * 100) } });
  const job = startOnnxImport(
    bytes,
    file.replace(/\.onnx$/i, ''),
    (p) => show(p.stage, p.fraction),
    undefined,
    external,
  );
  running.set(store, job);
  show('reading', 0);
  const r = await job.done;
  if (running.get(store) !== job) return;
  running.delete(store);
  store.getState().setView({ onnxOpening: null });
  if (r.ok === 'cancelled') {
    store.getState().notify(`Stopped opening “${file}”: nothing changed.`);
    return;
  }
  openChecked(
    store,
    file,
    r.ok
      ? { kind: 'model', model: r.file, weights: r.weights, from: 'onnx', note: r.note }
      : { kind: 'error', errors: [...r.errors] },
  );
}

/** A file read through the door: refused with its problems, opened, or asked about first. */
export function openChecked(store: EditorStore, file: string, opened: OpenedFile): void {
  const s = store.getState();
  if (opened.kind === 'error') {
    s.setView({ openProblem: { file, errors: opened.errors } });
    return;
  }
  if (hasUnsavedWork(s)) s.setView({ overlay: null, discardPrompt: { next: 'file', file, opened } });
  else startOpened(store, file, opened);
}

/**
 * A picked or dropped file through the door, read but not opened: its size is checked before
 * a byte is read. The Lessons dialog reads lesson files this way (classroom/LessonChooser.tsx).
 */
export async function readPicked(file: File, progress?: (read: number, total: number) => void): Promise<OpenedFile> {
  const { checkFileSize, openSource } = await loadDoor();
  const { ARCHIVE_EXTENSION, blobSource } = await import('../../io/modelArchive');
  // a text file's size is checked before a byte is read; an archive's caps are its manifest's
  const tooBig = file.name.toLowerCase().endsWith(ARCHIVE_EXTENSION) ? undefined : checkFileSize(file.size);
  if (tooBig) return tooBig;
  try {
    return await openSource(blobSource(file), progress ? { progress } : {});
  } catch (e) {
    const message = `the browser could not read the file: ${e instanceof Error ? e.message : String(e)}`;
    return { kind: 'error', errors: [{ path: '', message }] };
  }
}

/** An external data file at most this big (an ArrayBuffer's reach in the browsers Lensboard runs in). */
const MAX_EXTERNAL_BYTES = 2 ** 31 - 1;

/**
 * Files the user picked or dropped together: an `.onnx` with the files its weights are kept in
 * beside it (external data, `model.onnx.data`), or else the first file alone.
 */
export async function openPickedFiles(store: EditorStore, files: readonly File[]): Promise<void> {
  const onnx = files.find((f) => /\.onnx$/i.test(f.name));
  if (!onnx || files.length === 1) {
    if (files[0]) await openPicked(store, onnx ?? files[0]);
    return;
  }
  const refuse = (message: string) =>
    store.getState().setView({ openProblem: { file: onnx.name, errors: [{ path: '', message }] } });
  const others = files.filter((f) => f !== onnx);
  const big = others.find((f) => f.size > MAX_EXTERNAL_BYTES);
  if (big) return refuse(`“${big.name}” is ${big.size} bytes; a browser reads an external data file of at most 2 GB`);
  let external: ExternalFile[];
  try {
    external = await Promise.all(
      others.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
  } catch (e) {
    return refuse(`the browser could not read the files: ${e instanceof Error ? e.message : String(e)}`);
  }
  await openPicked(store, onnx, external);
}

/** A file the user picked or dropped: its size is checked before it is read. */
export async function openPicked(
  store: EditorStore,
  file: File,
  external: readonly ExternalFile[] = [],
): Promise<void> {
  if (!/\.onnx$/i.test(file.name)) {
    await openRead(store, file);
    return;
  }
  const tooBig = (await loadDoor()).checkFileSize(file.size);
  if (tooBig?.kind === 'error') {
    store.getState().setView({ openProblem: { file: file.name, errors: tooBig.errors } });
    return;
  }
  let read: Uint8Array;
  try {
    read = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    const message = `the browser could not read the file: ${e instanceof Error ? e.message : String(e)}`;
    store.getState().setView({ openProblem: { file: file.name, errors: [{ path: '', message }] } });
    return;
  }
  await openOnnx(store, file.name, read, external);
}
