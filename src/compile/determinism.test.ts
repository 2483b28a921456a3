/** Compiling is a function of the document: twice gives the same, and so does any order of its arrays. */
import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../io/document';
import { loadExample } from '../io/examples';
import { compileDocument } from './compile';

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const plain = (r: ReturnType<typeof compileDocument>) => ({
  ...r,
  wireTypes: [...r.wireTypes].sort(),
  portTypes: [...r.portTypes].sort(),
});

describe('determinism', () => {
  for (const id of ['xor', 'mnist-conv']) {
    it(`compiling ${id} twice gives deep-equal results`, () => {
      const doc = loadExample(id);
      expect(plain(compileDocument(doc))).toEqual(plain(compileDocument(structuredClone(doc))));
    });

    it(`shuffling the boxes and wires of ${id} changes nothing`, () => {
      const doc = loadExample(id);
      const base = plain(compileDocument(doc));
      for (const seed of [1, 2, 3]) {
        const mixed: LensDocument = { ...doc, boxes: shuffled(doc.boxes, seed), wires: shuffled(doc.wires, seed + 7) };
        expect(plain(compileDocument(mixed))).toEqual(base);
      }
    });
  }
});
