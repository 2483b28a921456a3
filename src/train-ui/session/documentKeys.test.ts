/** Which document a run belongs to: edits keep it, opens change it, Undo goes back to it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../../io/document';
import { DocumentKeys } from './documentKeys';

const xor: LensDocument = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));
const iris: LensDocument = JSON.parse(
  readFileSync(new URL('../../io/examples/iris-simple.json', import.meta.url), 'utf8'),
);
const copy = (d: LensDocument): LensDocument => structuredClone(d);
const moved = (d: LensDocument): LensDocument => ({
  ...d,
  boxes: d.boxes.map((b, i) => (i === 0 ? { ...b, position: { x: b.position.x + 10, y: b.position.y } } : b)),
});

describe('document keys', () => {
  it('keeps the key through edits and gives another document another key', () => {
    const k = new DocumentKeys();
    const a = k.first(xor, 'restore');
    const edited = moved(xor);
    expect(k.of(edited, xor, null)).toBe(a);
    const b = k.of(iris, edited, 'example');
    expect(b).not.toBe(a);
  });

  it('brings the old key back on Undo of an open, and on re-opening the same content', () => {
    const k = new DocumentKeys();
    const a = k.first(xor, 'example');
    const b = k.of(iris, xor, 'example');
    expect(k.of(xor, iris, null)).toBe(a); // undo: the very object comes back
    expect(k.of(iris, xor, null)).toBe(b); // redo
    expect(k.of(copy(xor), iris, 'example')).toBe(a); // the example opened again
    expect(k.of(copy(xor), iris, 'file')).toBe(a); // the same content, from a file
  });

  it('gives a new diagram, a lesson and a model file a document of their own each time', () => {
    const k = new DocumentKeys();
    k.first(xor, 'example');
    for (const as of ['new', 'lesson', 'model'] as const) {
      const one = k.of(copy(xor), xor, as);
      const two = k.of(copy(xor), xor, as);
      expect(one).not.toBe(two);
      expect(one).not.toBe(k.of(copy(xor), xor, 'example'));
    }
  });
});
