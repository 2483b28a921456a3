/**
 * Where and in which form `train --out` writes a model (docs/cli.md): a path ending in
 * `.lensboard` gets the archive; any other gets the JSON form, unless the JSON would be over the
 * cap every reader holds it to, when the archive is written beside it under the `.lensboard`
 * ending instead (docs/model-format.md, *The archive*), so a long run is never lost to the form.
 */
import { ARCHIVE_EXTENSION } from '../io/modelArchive';
import { jsonFormBytes, type ModelParts, modelArchiveChunks, modelFileText, needsArchive } from '../io/modelWrite';
import { MAX_MODEL_CHARS } from '../model/modelParse';
import type { OutFile } from './outputs';

export interface ModelOut {
  readonly path: string;
  readonly data: OutFile['data'];
  /** Said beside `wrote …` when the form is not the one the path asked for. */
  readonly note: string;
}

export function modelOut(path: string, parts: ModelParts): ModelOut {
  if (path.toLowerCase().endsWith(ARCHIVE_EXTENSION)) return { path, data: modelArchiveChunks(parts), note: '' };
  if (!needsArchive(parts.weights)) return { path, data: modelFileText(parts), note: '' };
  const bytes = jsonFormBytes(parts.weights);
  const archive = `${path.replace(/\.json$/i, '')}${ARCHIVE_EXTENSION}`;
  return {
    path: archive,
    data: modelArchiveChunks(parts),
    note: ` (its weights' base64 alone would be ${bytes} characters, over the ${MAX_MODEL_CHARS / 1e6} MB a JSON model file may have: the archive holds them as bytes)`,
  };
}
