/**
 * Tied copies pair by tie key (docs/model-format.md, "Tied groups"): moving boxes changes
 * nothing computed, and the editor's copies — placed, duplicated, pasted — keep keys that pair.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../compile/compile';
import type { LensDocument } from '../../io/document';
import { parseDocument } from '../../io/parse';
import { box, doc, wire } from '../../testing/documents';
import { fcSeed } from '../../testing/seed';
import { mergeDocuments } from '../persist/merge';
import { instantiate, makeFragment } from './fragment';
import { groupNodes, placeTemplate } from './group';

const seed = fcSeed();

/** in → [lin a 3→2 → relu → lin b 2→4] → [its tied copy, 4→2→4] → out: three linears of one generator. */
function tiedPair(): { doc: LensDocument; original: string; copy: string } {
  const boxes = [
    box('in', 'input', { shape: [3] }),
    box('la', 'linear', { out: 2 }, { position: { x: 0, y: 0 } }),
    box('r', 'relu', {}, { position: { x: 100, y: 0 } }),
    box('lb', 'linear', { out: 3 }, { position: { x: 200, y: 0 } }),
    box('out', 'output'),
  ];
  const wires = [wire('in.x', 'la.x'), wire('la.y', 'r.x'), wire('r.y', 'lb.x'), wire('lb.y', 'out.ŷ')];
  const grouped = groupNodes(doc(boxes, wires), ['la', 'r', 'lb'], 'block', undefined, 'block');
  if (!grouped) throw new Error('no group');
  const placed = placeTemplate(grouped.doc, 'block', { x: 0, y: 300 }, true, undefined);
  if (!placed) throw new Error('not placed');
  // The copy goes between the original and the output.
  const inner = placed.doc.wires.filter((w) => !(w.from.box === grouped.id && w.to.box === 'out'));
  const joined = [...inner, wire(`${grouped.id}.y`, `${placed.id}.x`), wire(`${placed.id}.y`, 'out.ŷ')];
  return { doc: { ...placed.doc, wires: joined }, original: grouped.id, copy: placed.id };
}

/** What the compiler computes from a document, positions aside: its model diagram and parameters. */
function computed(d: LensDocument) {
  const r = compileDocument(d);
  expect(r.errors).toEqual([]);
  const m = r.model;
  if (!m) throw new Error('no model');
  return { diagram: m.diagram, params: m.params.map((p) => [p.name, p.type.shape]) };
}

const keysOf = (d: LensDocument, group: string) =>
  [...d.boxes, ...d.groups]
    .filter((n) => n.parent === group)
    .map((n) => n.tieKey)
    .sort();

describe('tie keys', () => {
  it('moving the boxes of a tied copy (or of its original) changes nothing computed', () => {
    const { doc: d, original, copy } = tiedPair();
    const base = computed(d);
    expect(base.params.map(([name]) => name)).toEqual(['la.W', 'lb.W']);
    const inside = d.boxes.filter((b) => b.parent === original || b.parent === copy).map((b) => b.id);
    const point = fc.record({ x: fc.integer({ min: -500, max: 500 }), y: fc.integer({ min: -500, max: 500 }) });
    fc.assert(
      fc.property(fc.array(point, { minLength: inside.length, maxLength: inside.length }), (points) => {
        const at = new Map(inside.map((id, i) => [id, points[i]]));
        const moved = { ...d, boxes: d.boxes.map((b) => ({ ...b, position: at.get(b.id) ?? b.position })) };
        expect(computed(moved)).toEqual(base);
      }),
      { seed, numRuns: 40 },
    );
  });

  it('swapping two linears of a copy without keys changes the pairing; with keys it does not', () => {
    const { doc: d, copy } = tiedPair();
    const [first, , third] = d.boxes.filter((b) => b.parent === copy);
    const swap = (x: LensDocument) => ({
      ...x,
      boxes: x.boxes.map((b) =>
        b.id === first.id
          ? { ...b, position: third.position }
          : b.id === third.id
            ? { ...b, position: first.position }
            : b,
      ),
    });
    const strip = (x: LensDocument): LensDocument => ({
      ...x,
      boxes: x.boxes.map(({ tieKey: _, ...b }) => b),
      groups: x.groups.map(({ tieKey: _, ...g }) => g),
    });
    expect(computed(swap(d))).toEqual(computed(d));
    const refused = compileDocument(swap(strip(d))).errors;
    expect(refused.map((e) => e.message)).toContainEqual(expect.stringMatching(/^tied parameter/));
  });

  it('an old file without keys opens with the keys its position order gave, and means the same', () => {
    const { doc: d, original, copy } = tiedPair();
    const old = {
      ...d,
      boxes: d.boxes.map(({ tieKey: _, ...b }) => b),
      groups: d.groups.map(({ tieKey: _, ...g }) => g),
    };
    const opened = parseDocument(JSON.parse(JSON.stringify(old)));
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    expect(keysOf(opened.doc, copy)).toEqual(keysOf(opened.doc, original));
    expect(keysOf(opened.doc, copy).every((k) => k !== undefined)).toBe(true);
    expect(computed(opened.doc)).toEqual(computed(old));
    // Read again, nothing changes: the keys are written once.
    const again = parseDocument(JSON.parse(JSON.stringify(opened.doc)));
    expect(again.ok && again.doc).toEqual(opened.doc);
  });

  it('a duplicated tied copy pairs by the same keys; a pasted box beside its key drops it', () => {
    const { doc: d, original, copy } = tiedPair();
    const { doc: dup, rename } = instantiate(d, makeFragment(d, [copy]), undefined, { x: 40, y: 40 });
    const twin = rename.get(copy) as string;
    expect(keysOf(dup, twin)).toEqual(keysOf(dup, original));
    expect(dup.groups.find((g) => g.id === twin)?.tiedTo).toBe(original);
    const member = d.boxes.find((b) => b.parent === copy && b.generator === 'relu');
    if (!member) throw new Error('no relu');
    const pasted = instantiate(d, makeFragment(d, [member.id]), copy, { x: 10, y: 10 });
    const landed = pasted.doc.boxes.find((b) => b.id === pasted.rename.get(member.id));
    expect(landed?.tieKey).toBeUndefined();
    const beside = instantiate(d, makeFragment(d, [member.id]), undefined, { x: 10, y: 10 });
    expect(beside.doc.boxes.find((b) => b.id === beside.rename.get(member.id))?.tieKey).toBe(member.tieKey);
  });

  it('two tabs merged, one having moved the copy’s boxes and the other its original’s, compute as before', () => {
    const { doc: d, original, copy } = tiedPair();
    const shuffle = (x: LensDocument, group: string) => {
      const inside = x.boxes.filter((b) => b.parent === group);
      const next = new Map(inside.map((b, i) => [b.id, inside[(i + 1) % inside.length].position]));
      return { ...x, boxes: x.boxes.map((b) => ({ ...b, position: next.get(b.id) ?? b.position })) };
    };
    const merged = mergeDocuments(d, shuffle(d, copy), shuffle(d, original));
    expect(merged.collisions).toEqual([]);
    expect(keysOf(merged.doc, copy)).toEqual(keysOf(d, copy));
    expect(computed(merged.doc)).toEqual(computed(d));
  });

  it('a copy that differs is refused naming the group and the box without a partner', () => {
    const { doc: d, copy } = tiedPair();
    const extra = { ...d, boxes: [...d.boxes, box('lone', 'sigmoid', {}, { parent: copy, tieKey: 'lone' })] };
    const messages = compileDocument(extra).errors.map((e) => e.message);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^group 'block' is tied to 'block' but their boxes differ: box 'lone' \(sigmoid\) has no partner in 'block'$/,
      ),
    );
  });
});
