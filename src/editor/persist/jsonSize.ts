/**
 * Is a document's JSON text surely longer than a limit? Found by stringifying its top-level
 * fields, and the items of its arrays one by one, only until their lengths add up past the
 * limit: a document far beyond it (an opened model of thousands of boxes) is refused after
 * about `limit` characters of work, not after the whole text is made and thrown away
 * (docs/architecture.md, "Opening a big file").
 */

/**
 * True when `JSON.stringify(doc)` is longer than `limit` characters. The parts' lengths add up
 * to less than the whole's (the whole adds keys, brackets and commas), so true is always right;
 * false means the text may still be longer, and the caller measures it whole.
 */
export function jsonLongerThan(doc: object, limit: number): boolean {
  let length = 0;
  for (const value of Object.values(doc)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      length += JSON.stringify(part)?.length ?? 0;
      if (length > limit) return true;
    }
  }
  return false;
}
