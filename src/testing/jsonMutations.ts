/**
 * Seeded mutations of JSON files, for the fuzz tests of everything that reads a file: wrong
 * types, missing and extra fields, `__proto__` and `constructor` keys, duplicated array items,
 * absurd numbers, and damage to the text itself (truncation, a byte-order mark, binary junk,
 * `1e999`, `-0`, nesting 10,000 deep). Each mutation is a pure function of the random stream.
 */

import { mulberry32 } from '../core/init';

/** The core's seeded stream: the same seed picks the same mutations everywhere. */
export const randomStream = mulberry32;

type Json = unknown;
type Path = (string | number)[];
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

const ODD_VALUES: readonly Json[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e9,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  '',
  'x',
  'constructor',
  '__proto__',
  'toString',
  [],
  {},
  [null],
  [1e9, 1e9],
  { x: 1 },
];
const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'extra', ''];

/** Every path into the value (objects and arrays), the root included. */
function paths(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (typeof value === 'object' && value !== null && out.length < 5000) {
    for (const k of Object.keys(value)) {
      paths((value as Record<string, Json>)[k], [...at, Array.isArray(value) ? Number(k) : k], out);
    }
  }
  return out;
}

function parentOf(root: Json, path: Path): Record<string | number, Json> | undefined {
  let v = root;
  for (const k of path.slice(0, -1)) v = (v as Record<string | number, Json>)[k];
  return typeof v === 'object' && v !== null ? (v as Record<string | number, Json>) : undefined;
}

/** An own property, even for `__proto__` (assignment would set the prototype instead). */
const setOwn = (o: object, key: string | number, value: Json) =>
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });

function mutateTree(root: Json, r: () => number): Json {
  const all = paths(root).filter((p) => p.length > 0);
  if (all.length === 0) return root;
  const path = pick(r, all);
  const parent = parentOf(root, path);
  if (!parent) return root;
  const key = path[path.length - 1];
  const op = Math.floor(r() * 5);
  if (op === 0) {
    // Not splice: an array given an own `constructor` key by an earlier mutation breaks it.
    if (Array.isArray(parent)) parent.copyWithin(Number(key), Number(key) + 1).length--;
    else delete parent[key];
  } else if (op === 1) setOwn(parent, key, structuredClone(pick(r, ODD_VALUES)));
  else if (op === 2) {
    const target = parent[key];
    if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
      setOwn(target, pick(r, ODD_KEYS), structuredClone(pick(r, ODD_VALUES)));
    } else setOwn(parent, pick(r, ODD_KEYS), structuredClone(pick(r, ODD_VALUES)));
  } else if (op === 3 && Array.isArray(parent)) parent.push(structuredClone(parent[Number(key)]));
  else if (typeof parent[key] === 'number') setOwn(parent, key, -(parent[key] as number) * 1e6);
  else setOwn(parent, key, structuredClone(pick(r, ODD_VALUES)));
  return root;
}

function mutateText(text: string, r: () => number): string {
  const op = Math.floor(r() * 6);
  const at = Math.floor(r() * text.length);
  if (op === 0) return text.slice(0, at);
  if (op === 1) return `\uFEFF${text}`;
  if (op === 2) {
    const junk = Array.from({ length: 1 + Math.floor(r() * 16) }, () => String.fromCharCode(Math.floor(r() * 256)));
    return text.slice(0, at) + junk.join('') + text.slice(at);
  }
  if (op === 3) {
    const numbers = [...text.matchAll(/-?\d+(\.\d+)?([eE][+-]?\d+)?/g)];
    if (numbers.length === 0) return text;
    const m = pick(r, numbers);
    return (
      text.slice(0, m.index) + pick(r, ['1e999', '-0', '-1e999', '1e-999']) + text.slice((m.index ?? 0) + m[0].length)
    );
  }
  if (op === 4) {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const key = text.indexOf('"name":');
    return key < 0 ? deep : `${text.slice(0, key)}"deep":${deep},${text.slice(key)}`;
  }
  return text.replace(/"id":"([^"]+)"/, '"id":"$1","id":"$1"');
}

/** One to three mutations of a file's JSON, then perhaps one of its text. */
export function mutateJsonFile(json: Json, r: () => number): string {
  let tree = structuredClone(json);
  const n = 1 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) tree = mutateTree(tree, r);
  const text = JSON.stringify(tree);
  return r() < 0.3 ? mutateText(text, r) : text;
}
