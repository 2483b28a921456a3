/** Pairing tied groups' members by tie key, and the keys an older file is given (docs/model-format.md). */
import { describe, expect, it } from 'vitest';
import { box, doc } from '../testing/documents';
import type { BoxDoc, GroupDoc, LensDocument } from './document';
import { membersByGroup, pairTied, withTieKeys } from './tiePairs';

const group = (id: string, extra: Partial<GroupDoc> = {}): GroupDoc => ({
  id,
  name: id,
  position: { x: 0, y: 0 },
  inputs: [],
  outputs: [],
  ...extra,
});
const at = (id: string, generator: string, parent: string, x: number, tieKey?: string): BoxDoc =>
  box(id, generator, {}, { parent, position: { x, y: 0 }, ...(tieKey ? { tieKey } : {}) });

function pairs(d: LensDocument, mine: string, theirs: string) {
  const g = (id: string) => d.groups.find((x) => x.id === id) as GroupDoc;
  const r = pairTied(membersByGroup(d), g(mine), g(theirs));
  return r.ok ? Object.fromEntries(r.pairs) : r.mismatch.reason;
}

describe('pairing tied groups', () => {
  it('pairs by key wherever the members are drawn', () => {
    const d = doc(
      [at('a1', 'linear', 'A', 0, 'k1'), at('a2', 'linear', 'A', 100, 'k2'), at('b1', 'linear', 'B', 0, 'k2')],
      [],
      { groups: [group('A'), group('B', { tiedTo: 'A' })] },
    );
    const both = { ...d, boxes: [...d.boxes, at('b2', 'linear', 'B', 100, 'k1')] };
    expect(pairs(both, 'B', 'A')).toEqual({ b1: 'a2', b2: 'a1' });
    expect(pairs(d, 'B', 'A')).toBe("box 'a1' (linear) has no partner in 'B'");
  });

  it('pairs keyless members by generator, then position, then id, as files before keys did', () => {
    const d = doc(
      [
        at('a10', 'linear', 'A', 0),
        at('a9', 'linear', 'A', 100),
        at('s', 'sigmoid', 'A', 50),
        at('b1', 'sigmoid', 'B', 900),
        at('b2', 'linear', 'B', 5),
        at('b3', 'linear', 'B', 7),
      ],
      [],
      { groups: [group('A'), group('B', { tiedTo: 'A' })] },
    );
    expect(pairs(d, 'B', 'A')).toEqual({ b2: 'a10', b3: 'a9', b1: 's' });
  });

  it('refuses a key twice in one group and a partner of another generator, naming the box', () => {
    const twice = doc([at('a1', 'relu', 'A', 0, 'k'), at('a2', 'relu', 'A', 1, 'k')], [], {
      groups: [group('A'), group('B', { tiedTo: 'A' })],
    });
    expect(pairs(twice, 'B', 'A')).toBe("box 'a2' (relu) has the tie key 'k' of box 'a1' (relu)");
    const other = doc([at('a1', 'relu', 'A', 0, 'k'), at('b1', 'tanh', 'B', 0, 'k')], [], {
      groups: [group('A'), group('B', { tiedTo: 'A' })],
    });
    expect(pairs(other, 'B', 'A')).toBe("box 'b1' (tanh) is paired with box 'a1' (relu) of 'A'");
  });

  it('pairs nested groups by key and their insides recursively', () => {
    const d = doc([at('ai', 'relu', 'An', 0, 'r'), at('bi', 'relu', 'Bn', 0, 'r')], [], {
      groups: [
        group('A'),
        group('B', { tiedTo: 'A' }),
        group('An', { parent: 'A', tieKey: 'n' }),
        group('Bn', { parent: 'B', tieKey: 'n', position: { x: 300, y: 0 } }),
      ],
    });
    expect(pairs(d, 'B', 'A')).toEqual({ Bn: 'An', bi: 'ai' });
  });
});

describe('keys for a file written before them', () => {
  it('gives every member of a chain of ties one key per paired class, once', () => {
    const d = doc(
      [
        at('a1', 'linear', 'A', 0),
        at('a2', 'linear', 'A', 100),
        at('b1', 'linear', 'B', 0),
        at('b2', 'linear', 'B', 100),
        at('c1', 'linear', 'C', 0),
        at('c2', 'linear', 'C', 100),
        box('free', 'relu'),
      ],
      [],
      { groups: [group('A'), group('B', { tiedTo: 'A' }), group('C', { tiedTo: 'B' })] },
    );
    const keyed = withTieKeys(d);
    const key = (id: string) => keyed.boxes.find((b) => b.id === id)?.tieKey;
    expect(['a1', 'b1', 'c1'].map(key)).toEqual(['a1', 'a1', 'a1']);
    expect(['a2', 'b2', 'c2'].map(key)).toEqual(['a2', 'a2', 'a2']);
    expect(key('free')).toBeUndefined();
    expect(withTieKeys(keyed)).toBe(keyed);
    expect(pairs(keyed, 'C', 'B')).toEqual(pairs(d, 'C', 'B'));
  });

  it('leaves a document without ties, or with a tie that does not pair, as it is', () => {
    const plain = doc([box('r', 'relu')], []);
    expect(withTieKeys(plain)).toBe(plain);
    const differ = doc([at('a1', 'relu', 'A', 0), at('b1', 'tanh', 'B', 0)], [], {
      groups: [group('A'), group('B', { tiedTo: 'A' })],
    });
    expect(withTieKeys(differ)).toBe(differ);
  });
});
