/**
 * The name a model file is downloaded under: the diagram's name made safe for any file system
 * (editor/persist/fileName.ts), and the model file's own ending.
 */
import { safeFileBase } from '../../editor/persist/fileName';

export const MODEL_FILE_ENDING = '.lensboard-model.json';

export const modelFileName = (diagramName: string): string =>
  `${safeFileBase(diagramName, 'model')}${MODEL_FILE_ENDING}`;
