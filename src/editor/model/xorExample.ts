import type { LensDocument } from '../../io/document';
import { loadExample } from '../../io/examples';

/** The example a first visit opens: the XOR network, drawn in full. */
export const xorExample = (): LensDocument => loadExample('xor');
