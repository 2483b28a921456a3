/**
 * The name a model file is downloaded under: the diagram's name, with what file systems refuse
 * (slashes, colons, control characters…) turned into `_`, letters of any script kept, at most 80
 * characters, and the model file's own ending.
 */
export const MODEL_FILE_ENDING = '.lensboard-model.json';

/** Names Windows keeps for devices, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX = 80;

export function modelFileName(diagramName: string): string {
  let base = diagramName
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[^\p{L}\p{M}\p{N}._ ()+,=-]+/gu, '_')
    .replace(/_*( )_*/g, '$1')
    .replace(/_+/g, '_')
    .replace(/^[ ._-]+|[ ._]+$/g, '');
  base = Array.from(base).slice(0, MAX).join('').trimEnd();
  if (!base) base = 'model';
  if (RESERVED.test(base)) base = `_${base}`;
  return `${base}${MODEL_FILE_ENDING}`;
}
