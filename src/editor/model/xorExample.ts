import type { LensDocument } from '../../io/document';
import { firstExample } from '../../io/examples/first';

/** The example a first visit opens: the XOR network, drawn in full (not the whole gallery: io/examples/first.ts). */
export const xorExample = (): LensDocument => firstExample();
