/**
 * The one checked door for JSON from outside: documents, model files, lessons and share links
 * all come through here (docs/untrusted-input.md). Text is capped in size before it is
 * parsed; the parsed tree is capped in depth and in the keys of one object, refuses the keys
 * that mean something to JavaScript objects (`__proto__`, `constructor`, `prototype`) and
 * numbers that overflowed to Infinity. Every refusal names the JSON path of what is wrong, so
 * the user can find it in the file; only a text that is not JSON, or too big, is refused whole.
 */
import { readJson } from './jsonText';

export interface DocumentIssue {
  /** Like `boxes[3].position.x`; empty for the file as a whole. */
  readonly path: string;
  readonly message: string;
}

/** Far deeper than any file Lensboard writes (a document nests about 8 levels, sub-diagrams a few more). */
export const MAX_DEPTH = 64;
/**
 * Keys of one JSON object (not array): far above any config, options or settings drawn here
 * (a few dozen), and low enough that a record of a million keys is refused before zod, the
 * compiler or the dataset checks walk it. Arrays are bounded by their schemas instead.
 */
export const MAX_OBJECT_KEYS = 1000;
/**
 * Keys that a later spread, merge or lookup could take for the object's own machinery. No
 * Lensboard format has a key chosen by the user, so none of them is ever a real field.
 */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? (out ? `${out}.${name}` : name) : `${out}[${JSON.stringify(name)}]`;
  }, '');
}

function walk(value: unknown, path: PropertyKey[]): DocumentIssue | undefined {
  if (path.length > MAX_DEPTH) return { path: formatPath(path), message: `nested deeper than ${MAX_DEPTH} levels` };
  if (typeof value === 'number' && !Number.isFinite(value))
    return { path: formatPath(path), message: 'a number too large to read (it overflows to Infinity)' };
  if (typeof value !== 'object' || value === null) return undefined;
  const keys = Object.keys(value);
  const array = Array.isArray(value);
  if (!array && keys.length > MAX_OBJECT_KEYS)
    return {
      path: formatPath(path),
      message: `an object with ${keys.length} keys; at most ${MAX_OBJECT_KEYS} are read`,
    };
  for (const key of keys) {
    if (FORBIDDEN_KEYS.includes(key))
      return { path: formatPath([...path, key]), message: `the key "${key}" is not allowed` };
    path.push(array ? Number(key) : key);
    const inner = walk((value as Record<string, unknown>)[key], path);
    path.pop();
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The first thing in a parsed tree that no Lensboard file may hold, with its path: too deep,
 * too many keys in one object, a forbidden key, a number that overflowed. Also run on values
 * that never were text (IndexedDB, a pasted fragment), so every reader holds the same line.
 */
export function findUnsafe(value: unknown): DocumentIssue | undefined {
  return walk(value, []);
}

export type UntrustedRead = { ok: true; value: unknown; chars: number } | { ok: false; errors: DocumentIssue[] };

/**
 * Text from outside as a checked JSON tree: a leading byte-order mark dropped (some editors on
 * Windows write one), at most `maxChars` characters (checked before parsing), JSON syntax with
 * the line and column of a fault, then the tree's caps. `what` names the text in a refusal.
 */
export function readUntrustedJson(file: string, maxChars: number, what = 'the file'): UntrustedRead {
  const text = file.charCodeAt(0) === 0xfeff ? file.slice(1) : file;
  const refuse = (message: string): UntrustedRead => ({ ok: false, errors: [{ path: '', message }] });
  if (text.length > maxChars)
    return refuse(`${what} has ${text.length} characters; it may have at most ${maxChars} (${maxChars / 1e6} MB)`);
  const read = readJson(text);
  if (!read.ok) return refuse(read.message);
  const unsafe = findUnsafe(read.value);
  return unsafe ? { ok: false, errors: [unsafe] } : { ok: true, value: read.value, chars: text.length };
}
