/**
 * Fields a reader does not know, kept so that writing what was read gives them back
 * (docs/model-format.md, *Versions*): a file of a newer minor version may hold fields this
 * Lensboard ignores, and a round trip through it must not lose them. A field is found by
 * walking the JSON read beside what the schema kept; it is written back at the same path,
 * where that path still leads to an object that lacks the key.
 */

export type JsonPath = readonly (string | number)[];

export interface UnknownField {
  readonly path: JsonPath;
  readonly value: unknown;
}

/** What a file read keeps to be written again as it was: its minor version, the fields not known here. */
export interface Carried {
  /** The major version the minor belongs to: 1 (the JSON form) when absent, 2 for an archive. */
  readonly formatVersion?: number;
  readonly formatMinor: number;
  readonly fields: readonly UnknownField[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every key of `raw` that `known` (what the schema made of it) lacks, with its path. */
export function unknownFields(raw: unknown, known: unknown, path: JsonPath = []): UnknownField[] {
  if (Array.isArray(raw) && Array.isArray(known)) {
    const n = Math.min(raw.length, known.length);
    return Array.from({ length: n }, (_, i) => unknownFields(raw[i], known[i], [...path, i])).flat();
  }
  if (!isObject(raw) || !isObject(known)) return [];
  return Object.keys(raw).flatMap((key) =>
    Object.hasOwn(known, key)
      ? unknownFields(raw[key], known[key], [...path, key])
      : [{ path: [...path, key], value: raw[key] }],
  );
}

/** `value` at `path` of `root`, copying only the objects and arrays on the way. */
function setAt(root: unknown, path: JsonPath, value: unknown): unknown {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (!isObject(root) || typeof head !== 'string' || Object.hasOwn(root, head)) return root;
    return { ...root, [head]: value };
  }
  if (Array.isArray(root) && typeof head === 'number' && head < root.length) {
    const inner = setAt(root[head], rest, value);
    return inner === root[head] ? root : root.map((x, i) => (i === head ? inner : x));
  }
  if (isObject(root) && typeof head === 'string' && Object.hasOwn(root, head)) {
    const inner = setAt(root[head], rest, value);
    return inner === root[head] ? root : { ...root, [head]: inner };
  }
  return root;
}

/** `file` with each field put back where it was; a field whose place is gone, or taken, is dropped. */
export function withUnknownFields<T>(file: T, fields: readonly UnknownField[]): T {
  return fields.reduce<unknown>((out, f) => setAt(out, f.path, f.value), file) as T;
}
