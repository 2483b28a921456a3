/**
 * The three-way merge of two tabs' documents: edits that do not collide all survive; where they
 * collide, this tab's version is in the result and the other tab's is handed back whole, so both
 * stay reachable; the result is always a document the editor opens.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../core/init';
import type { BoxDoc, LensDocument, WireDoc } from '../../io/document';
import { parseDocument } from '../../io/parse';
import { dense } from '../../testing/documents';
import { randomLearnerDocument } from '../../testing/randomDocuments';
import { fcSeed } from '../../testing/seed';
import { mergeDocuments, same } from './merge';

const seed = fcSeed();

// ---- edits, as the editor makes them (every edit leaves a whole document) ----

interface Edit {
  readonly kind: 'move' | 'label' | 'remove' | 'add' | 'rename';
  readonly at: number;
  readonly value: number;
}

const editArb: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('move', 'label', 'remove', 'add', 'rename'),
  at: fc.nat(1000),
  value: fc.integer({ min: 0, max: 5 }),
});

/** Boxes a side may touch; `fresh` names what it adds (shared names make adds collide). */
function apply(doc: LensDocument, edits: readonly Edit[], owns: (id: string) => boolean, fresh: string): LensDocument {
  let d = doc;
  edits.forEach((e, k) => {
    const mine = d.boxes.filter((b) => owns(b.id));
    const target = mine[e.at % Math.max(1, mine.length)];
    const change = (f: (b: BoxDoc) => BoxDoc) => {
      d = { ...d, boxes: d.boxes.map((b) => (b.id === target.id ? f(b) : b)) };
    };
    if (e.kind === 'rename') d = { ...d, name: `name ${fresh} ${e.value}` };
    else if (!target) return;
    else if (e.kind === 'move') change((b) => ({ ...b, position: { x: e.value * 10, y: e.at } }));
    else if (e.kind === 'label') change((b) => ({ ...b, label: `${fresh} ${e.value}` }));
    else if (e.kind === 'remove') {
      if (d.groups.some((g) => [...g.inputs, ...g.outputs].some((p) => p.box === target.id))) return;
      const touches = (w: WireDoc) => w.from.box === target.id || w.to.box === target.id;
      d = { ...d, boxes: d.boxes.filter((b) => b.id !== target.id), wires: d.wires.filter((w) => !touches(w)) };
    } else {
      const id = `${fresh}n${k}`;
      if (d.boxes.some((b) => b.id === id)) return;
      const added: BoxDoc = {
        id,
        generator: 'sigmoid',
        config: {},
        position: { x: e.value, y: k },
        parent: target.parent,
      };
      const wire: WireDoc = { id: `${fresh}w${k}`, from: { box: target.id, port: 'y' }, to: { box: id, port: 'x' } };
      d = { ...d, boxes: [...d.boxes, added], wires: [...d.wires, wire] };
    }
  });
  return d;
}

const base = (s: number) => randomLearnerDocument(mulberry32(s));
const everything = () => true;

type Item = { readonly id: string };
const byId = <T extends Item>(xs: readonly T[]) => new Map(xs.map((x) => [x.id, x]));
const LISTS = ['boxes', 'wires', 'groups'] as const;

/** Same content, the order of boxes, wires and groups aside. */
const sameContent = (a: LensDocument, b: LensDocument) => {
  const sorted = (d: LensDocument) => ({
    ...d,
    ...Object.fromEntries(LISTS.map((l) => [l, [...d[l]].sort((x, y) => x.id.localeCompare(y.id))])),
  });
  return same(sorted(a), sorted(b));
};

/** Ids a side changed against the base (added, removed or altered), per list. */
function changed(from: LensDocument, to: LensDocument, list: (typeof LISTS)[number]): string[] {
  const [a, b] = [byId<Item>(from[list]), byId<Item>(to[list])];
  return [...new Set([...a.keys(), ...b.keys()])].filter((id) => !same(a.get(id), b.get(id)));
}

const resolves = (d: LensDocument) => {
  const nodes = new Set([...d.boxes.map((b) => b.id), ...d.groups.map((g) => g.id)]);
  return (
    d.wires.every((w) => nodes.has(w.from.box) && nodes.has(w.to.box)) &&
    d.boxes.every((b) => b.parent === undefined || nodes.has(b.parent))
  );
};

describe('mergeDocuments', () => {
  it('keeps a deletion in one tab and an edit in the other (the lost deletion of two tabs)', () => {
    const b = dense(2, 3);
    const deleted = {
      ...b,
      boxes: b.boxes.filter((x) => x.id !== 'act'),
      wires: b.wires.filter((w) => w.id !== 'w3' && w.id !== 'w4'),
    };
    const relabelled = { ...b, boxes: b.boxes.map((x) => (x.id === 'lin' ? { ...x, label: 'hidden' } : x)) };
    const { doc, collisions, aside } = mergeDocuments(b, relabelled, deleted);
    expect(collisions).toEqual([]);
    expect(aside).toBeNull();
    expect(doc.boxes.map((x) => x.id)).toEqual(['in', 'lin', 'b', 'out']);
    expect(doc.boxes[1].label).toBe('hidden');
    expect(doc.wires.map((w) => w.id)).toEqual(['w1', 'w2']);
  });

  it('on the same box moved two ways keeps this tab’s place and hands back the other version', () => {
    const b = dense(2, 3);
    const at = (x: number) => ({
      ...b,
      boxes: b.boxes.map((y) => (y.id === 'b' ? { ...y, position: { x, y: 0 } } : y)),
    });
    const { doc, collisions, aside } = mergeDocuments(b, at(10), at(20));
    expect(collisions).toEqual([{ kind: 'box', id: 'b' }]);
    expect(doc).toEqual(at(10));
    expect(aside).toEqual(at(20));
  });

  it('brings back a box the other tab deleted when this tab wired into it', () => {
    const b = dense(2, 3);
    const deleted = { ...b, boxes: b.boxes.filter((x) => x.id !== 'out'), wires: b.wires.filter((w) => w.id !== 'w4') };
    const wired = {
      ...b,
      wires: [...b.wires, { id: 'w5', from: { box: 'b', port: 'y' }, to: { box: 'out', port: 'y' } }],
    };
    const { doc, collisions, aside } = mergeDocuments(b, wired, deleted);
    expect(collisions).toEqual([{ kind: 'box', id: 'out' }]);
    expect(doc.boxes.map((x) => x.id)).toContain('out');
    expect(doc.wires.map((w) => w.id)).toEqual(['w1', 'w2', 'w3', 'w5']);
    expect(aside).toBe(deleted);
  });

  it('lets only one wire into a port: this tab’s', () => {
    const b = dense(2, 3);
    const into = (id: string, from: string) => ({
      ...b,
      wires: [
        ...b.wires.filter((w) => w.id !== 'w4'),
        { id, from: { box: from, port: 'y' }, to: { box: 'out', port: 'ŷ' } },
      ],
    });
    const { doc, aside } = mergeDocuments(b, into('mine', 'b'), into('theirs', 'lin'));
    expect(doc.wires.filter((w) => w.to.box === 'out').map((w) => w.id)).toEqual(['mine']);
    expect(aside).not.toBeNull();
  });

  it('merging with an unchanged side gives the other side', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(editArb, { maxLength: 8 }), (s, edits) => {
        const b = base(s);
        const x = apply(b, edits, everything, 't');
        const theirsOnly = mergeDocuments(b, b, x);
        expect(sameContent(theirsOnly.doc, x)).toBe(true);
        expect(theirsOnly.aside).toBeNull();
        const mineOnly = mergeDocuments(b, x, b);
        expect(mineOnly.doc).toEqual(x);
        expect(mineOnly.aside).toBeNull();
      }),
      { seed, numRuns: 200 },
    );
  });

  it('edits of disjoint boxes both survive, with nothing set aside', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(editArb, { maxLength: 6 }), fc.array(editArb, { maxLength: 6 }), (s, ea, eb) => {
        const b = base(s);
        const half = new Set(b.boxes.filter((_, i) => i % 2 === 0).map((x) => x.id));
        // Only one of them renames the document: a name set both ways is a collision.
        const mine = apply(b, ea, (id) => half.has(id) || id.startsWith('m'), 'm');
        const theirs = apply(
          b,
          eb.filter((e) => e.kind !== 'rename'),
          (id) => !half.has(id) && !id.startsWith('m'),
          't',
        );
        const { doc, collisions, aside } = mergeDocuments(b, mine, theirs);
        expect(collisions).toEqual([]);
        expect(aside).toBeNull();
        expect(doc.name).toBe(mine.name);
        for (const list of LISTS) {
          const got = byId<Item>(doc[list]);
          for (const id of changed(b, mine, list)) expect(got.get(id)).toEqual(byId<Item>(mine[list]).get(id));
          for (const id of changed(b, theirs, list)) expect(got.get(id)).toEqual(byId<Item>(theirs[list]).get(id));
        }
      }),
      { seed, numRuns: 200 },
    );
  });

  it('colliding edits keep both versions reachable: this tab’s in the result, the other’s aside', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(editArb, { maxLength: 8 }), fc.array(editArb, { maxLength: 8 }), (s, ea, eb) => {
        const b = base(s);
        // Shared names for what they add: two new boxes may take one id.
        const mine = apply(b, ea, everything, 'x');
        const theirs = apply(b, eb, everything, 'x');
        const { doc, collisions, aside } = mergeDocuments(b, mine, theirs);
        expect(parseDocument(doc).ok).toBe(true);
        expect(resolves(doc)).toBe(true);
        expect(aside === null).toBe(collisions.length === 0);
        if (aside) expect(aside).toBe(theirs);
        for (const list of LISTS) {
          const got = byId<Item>(doc[list]);
          for (const id of changed(b, mine, list)) expect(got.get(id)).toEqual(byId<Item>(mine[list]).get(id));
          if (aside) continue;
          for (const id of changed(b, theirs, list)) expect(got.get(id)).toEqual(byId<Item>(theirs[list]).get(id));
        }
      }),
      { seed, numRuns: 300 },
    );
  });

  it('with no common version, adds what only one has and sets the other aside where they differ', () => {
    const a = dense(2, 3);
    const b = { ...a, boxes: a.boxes.map((x) => (x.id === 'lin' ? { ...x, label: 'other' } : x)) };
    expect(mergeDocuments(null, a, a)).toEqual({ doc: a, collisions: [], aside: null });
    const { doc, collisions, aside } = mergeDocuments(null, a, b);
    expect(doc).toEqual(a);
    expect(collisions).toEqual([{ kind: 'box', id: 'lin' }]);
    expect(aside).toBe(b);
  });
});
