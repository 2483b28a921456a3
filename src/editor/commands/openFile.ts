import { OPEN_INPUT_ID } from '../persist/openFiles';
import { defineCommand } from './command';

/** Opens the file picker for a document or a model file (persist/openFiles.ts reads what is chosen). */
export const openFileCommand = defineCommand({
  id: 'open',
  label: 'Open…',
  keys: ['mod+o'],
  run: () => {
    if (typeof document !== 'undefined') document.getElementById(OPEN_INPUT_ID)?.click();
  },
});
