/**
 * The name a model file is downloaded under: the diagram's name made safe for any file system
 * (editor/persist/fileName.ts), and the model file's own ending.
 */
import { safeFileBase } from '../../editor/persist/fileName';
import { ARCHIVE_EXTENSION } from '../../io/archiveExtension';

export const MODEL_FILE_ENDING = '.lensboard-model.json';

export const modelFileName = (diagramName: string): string =>
  `${safeFileBase(diagramName, 'model')}${MODEL_FILE_ENDING}`;

/** A model too big for the JSON form is saved as an archive (docs/model-format.md, *The archive*). */
export const modelArchiveName = (diagramName: string): string =>
  `${safeFileBase(diagramName, 'model')}${ARCHIVE_EXTENSION}`;
