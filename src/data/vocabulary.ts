/**
 * A vocabulary of characters for sequence models: token id i is `symbols[i]`, one character
 * each. Text becomes ids by looking each character up; a character outside the vocabulary
 * becomes the `unknown` symbol when there is one (the text set's "other"), and is refused,
 * naming it and where it is, when there is none (the synthetic tasks). docs/datasets.md,
 * *Sequences*, says how the sequence sets use it.
 */

/** The symbol a character outside the vocabulary becomes, when the vocabulary has one. */
export const OTHER_SYMBOL = '\uFFFD';

export interface Vocabulary {
  /** One character per token id, no character twice. */
  readonly symbols: readonly string[];
  /** The id unknown characters take; absent: they are refused. */
  readonly unknown?: number;
}

const NAMES: Readonly<Record<string, string>> = { ' ': 'space', '\n': 'newline', [OTHER_SYMBOL]: 'other' };

/** A symbol as a class name a reader can see: space, newline and "other" by name, the rest as they are. */
export const symbolName = (symbol: string): string => NAMES[symbol] ?? symbol;

/** The characters of `text`, each once, in code-point order, and "other" last when `withOther`. */
export function vocabularyOf(text: string, withOther: boolean): Vocabulary {
  const symbols = [...new Set(text)].filter((c) => c !== OTHER_SYMBOL).sort();
  return withOther ? { symbols: [...symbols, OTHER_SYMBOL], unknown: symbols.length } : { symbols };
}

/** The vocabulary of exactly these characters, in this order (the synthetic tasks). */
export function fixedVocabulary(symbols: string): Vocabulary {
  return { symbols: [...symbols] };
}

/** Every character of the vocabulary, each once, one code unit or pair: the check a loaded one gets. */
export function vocabularyProblem(v: Vocabulary): string | null {
  const seen = new Set<string>();
  for (const [i, s] of v.symbols.entries()) {
    if ([...s].length !== 1) return `symbol ${i} (${JSON.stringify(s)}) is not one character`;
    if (seen.has(s)) return `symbol ${i} (${JSON.stringify(s)}) is there twice`;
    seen.add(s);
  }
  if (v.unknown !== undefined && !(Number.isInteger(v.unknown) && v.unknown >= 0 && v.unknown < v.symbols.length))
    return `unknown ${v.unknown} is not a token id (0…${v.symbols.length - 1})`;
  return null;
}

const idTable = (v: Vocabulary): Map<string, number> => new Map(v.symbols.map((s, i) => [s, i]));

/** The token ids of `text`, one per character (a surrogate pair is one character). */
export const encodeText = (v: Vocabulary, text: string): Int32Array => encodeChars(v, [...text]);

/** The token ids of characters given one by one. */
export function encodeChars(v: Vocabulary, chars: readonly string[]): Int32Array {
  const ids = idTable(v);
  const out = new Int32Array(chars.length);
  chars.forEach((c, i) => {
    const id = ids.get(c) ?? v.unknown;
    if (id === undefined)
      throw new Error(
        `character ${JSON.stringify(c)} at ${i} is not in the vocabulary (${v.symbols.map(symbolName).join(' ')})`,
      );
    out[i] = id;
  });
  return out;
}

/** The text of token ids: `decodeIds(v, encodeText(v, s)) === s` for a text of the vocabulary's characters. */
export function decodeIds(v: Vocabulary, ids: ArrayLike<number>): string {
  let text = '';
  for (let i = 0; i < ids.length; i++) {
    const s = v.symbols[ids[i]];
    if (s === undefined || !Number.isInteger(ids[i]))
      throw new Error(`token ${ids[i]} at ${i} is not an id of the vocabulary (0…${v.symbols.length - 1})`);
    text += s;
  }
  return text;
}
