/** Pairing tied groups' members by tie key, and the keys an older file is given (docs/model-format.md). */
import { describe, expect, it } from 'vitest';
import { box, doc, group } from '../testing/documents';
import type { BoxDoc, GroupDoc, LensDocument } from './document';
import { membersByGroup, pairTied, withTieKeys } from './tiePairs';

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

describe('pairing tied groups, each way it can fail', () => {
  const tie = { groups: [group('A'), group('B', { tiedTo: 'A' })] };
  const mismatch = (d: LensDocument, mine = 'B', theirs = 'A') => {
    const g = (id: string) => d.groups.find((x) => x.id === id) as GroupDoc;
    const r = pairTied(membersByGroup(d), g(mine), g(theirs));
    return r.ok
      ? r
      : {
          group: r.mismatch.group.id,
          tiedTo: r.mismatch.tiedTo.id,
          member: r.mismatch.member.id,
          memberIn: r.mismatch.memberIn.id,
          reason: r.mismatch.reason,
        };
  };

  it('names the keyed member left without a partner on either side, and the group holding it', () => {
    expect(
      mismatch(
        doc([at('a1', 'relu', 'A', 0, 'k'), at('b1', 'relu', 'B', 0, 'k'), at('b2', 'relu', 'B', 0, 'j')], [], tie),
      ),
    ).toEqual({
      group: 'B',
      tiedTo: 'A',
      member: 'b2',
      memberIn: 'B',
      reason: "box 'b2' (relu) has no partner in 'A'",
    });
    expect(mismatch(doc([at('a1', 'relu', 'A', 0, 'k'), at('b1', 'relu', 'B', 0, 'j')], [], tie))).toMatchObject({
      member: 'b1',
      memberIn: 'B',
      reason: "box 'b1' (relu) has no partner in 'A'",
    });
    expect(
      mismatch(doc([at('a1', 'relu', 'A', 0, 'k'), at('a2', 'relu', 'A', 0, 'k')], [], tie), 'A', 'B'),
    ).toMatchObject({
      member: 'a2',
      memberIn: 'A',
      reason: "box 'a2' (relu) has the tie key 'k' of box 'a1' (relu)",
    });
  });

  it('names the keyless member left over on either side', () => {
    expect(
      mismatch(doc([at('a1', 'relu', 'A', 0), at('b1', 'relu', 'B', 0), at('b2', 'relu', 'B', 9)], [], tie)),
    ).toEqual({
      group: 'B',
      tiedTo: 'A',
      member: 'b2',
      memberIn: 'B',
      reason: "box 'b2' (relu) has no partner in 'A'",
    });
    expect(
      mismatch(doc([at('a1', 'relu', 'A', 0), at('a2', 'relu', 'A', 9), at('b1', 'relu', 'B', 0)], [], tie)),
    ).toEqual({
      group: 'B',
      tiedTo: 'A',
      member: 'a2',
      memberIn: 'A',
      reason: "box 'a2' (relu) has no partner in 'B'",
    });
    expect(mismatch(doc([at('a1', 'relu', 'A', 0), at('b1', 'tanh', 'B', 0)], [], tie))).toEqual({
      group: 'B',
      tiedTo: 'A',
      member: 'b1',
      memberIn: 'B',
      reason: "box 'b1' (tanh) is paired with box 'a1' (relu) of 'A'",
    });
  });

  it('names a nested group by its name, and a mismatch inside it at the inner groups', () => {
    const d = doc([at('ai', 'relu', 'An', 0), at('bi', 'sigmoid', 'Bn', 0)], [], {
      groups: [
        group('A'),
        group('B', { tiedTo: 'A' }),
        group('An', { parent: 'A', name: 'inner A' }),
        group('Bn', { parent: 'B', name: 'inner B' }),
        group('Bx', { parent: 'B', name: 'extra', position: { x: 5, y: 0 } }),
      ],
    });
    expect(mismatch(d)).toMatchObject({ member: 'Bx', memberIn: 'B', reason: "group 'extra' has no partner in 'A'" });
    const inner = { ...d, groups: d.groups.filter((g) => g.id !== 'Bx') };
    expect(mismatch(inner)).toEqual({
      group: 'B',
      tiedTo: 'A',
      member: 'bi',
      memberIn: 'Bn',
      reason: "box 'bi' (sigmoid) is paired with box 'ai' (relu) of 'inner A'",
    });
  });

  it('pairs groups nested 32 deep, and calls a 33rd level circular', () => {
    const chain = (top: string, levels: number) =>
      Array.from({ length: levels }, (_, i) => group(`${top}${i + 1}`, { parent: i === 0 ? top : `${top}${i}` }));
    const nested = (levels: number) =>
      doc([], [], { groups: [group('A'), group('B', { tiedTo: 'A' }), ...chain('A', levels), ...chain('B', levels)] });
    const deep = pairs(nested(32), 'B', 'A');
    expect(typeof deep === 'string' ? deep : Object.keys(deep).length).toBe(32);
    expect(mismatch(nested(33))).toEqual({
      group: 'B',
      tiedTo: 'A',
      member: 'B33',
      memberIn: 'B33',
      reason: 'nests too deep',
    });
    // a group inside itself is as deep as it goes
    const loop = doc([], [], { groups: [group('A', { parent: 'A' }), group('B', { parent: 'B', tiedTo: 'A' })] });
    expect(mismatch(loop)).toMatchObject({ member: 'B', reason: 'nests too deep' });
  });
});

describe('the order keyless members pair in', () => {
  it('breaks a tie of generator and x by y, then by id with digit runs as numbers', () => {
    const p = (id: string, parent: string, x: number, y: number): BoxDoc =>
      box(id, 'relu', {}, { parent, position: { x, y } });
    const d = doc(
      [
        p('a10', 'A', 0, 0),
        p('a9', 'A', 0, 0),
        p('a1', 'A', 0, -5),
        p('b3', 'B', 0, 0),
        p('b20', 'B', 0, 0),
        p('b100', 'B', 0, -5),
      ],
      [],
      { groups: [group('A'), group('B', { tiedTo: 'A' })] },
    );
    expect(pairs(d, 'B', 'A')).toEqual({ b100: 'a1', b3: 'a9', b20: 'a10' });
    const byGenerator = doc(
      [
        box('a1', 'tanh', {}, { parent: 'A' }),
        box('a2', 'relu', {}, { parent: 'A' }),
        box('b1', 'relu', {}, { parent: 'B' }),
        box('b2', 'tanh', {}, { parent: 'B' }),
      ],
      [],
      {
        groups: [group('A'), group('B', { tiedTo: 'A' })],
      },
    );
    expect(pairs(byGenerator, 'B', 'A')).toEqual({ b1: 'a2', b2: 'a1' });
  });

  it('lists each group its direct members, boxes and groups, and nothing for the top level', () => {
    const d = doc([at('a1', 'relu', 'A', 0), box('top', 'relu')], [], {
      groups: [group('A'), group('An', { parent: 'A', tieKey: 'n', position: { x: 3, y: 4 } })],
    });
    const members = membersByGroup(d);
    expect([...members.keys()]).toEqual(['A']);
    expect(members.get('A')?.map((m) => [m.id, m.generator, m.tieKey, m.group?.id])).toEqual([
      ['a1', 'relu', undefined, undefined],
      ['An', 'group', 'n', 'An'],
    ]);
    expect(members.get('A')?.[1].position).toEqual({ x: 3, y: 4 });
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

  it('keys a class by its least id, whichever way the tie points', () => {
    const d = doc([at('a1', 'relu', 'A', 0), at('b1', 'relu', 'B', 0)], [], {
      groups: [group('A', { tiedTo: 'B' }), group('B')],
    });
    expect(withTieKeys(d).boxes.map((b) => b.tieKey)).toEqual(['a1', 'a1']);
  });

  it('leaves a document without ties, or with a tie that does not pair, as it is', () => {
    const plain = doc([box('r', 'relu')], []);
    expect(withTieKeys(plain)).toBe(plain);
    const differ = doc([at('a1', 'relu', 'A', 0), at('b1', 'tanh', 'B', 0)], [], {
      groups: [group('A'), group('B', { tiedTo: 'A' })],
    });
    expect(withTieKeys(differ)).toBe(differ);
    const dangling = doc([at('b1', 'relu', 'B', 0)], [], { groups: [group('B', { tiedTo: 'gone' })] });
    expect(withTieKeys(dangling)).toBe(dangling);
  });

  it('keys nested groups and their insides, and leaves members that have keys as they are', () => {
    const d = doc(
      [
        at('ai', 'relu', 'An', 0),
        at('bi', 'relu', 'Bn', 0),
        at('ak', 'relu', 'A', 0, 'kept'),
        at('bk', 'relu', 'B', 0, 'kept'),
      ],
      [],
      {
        groups: [group('A'), group('B', { tiedTo: 'A' }), group('An', { parent: 'A' }), group('Bn', { parent: 'B' })],
      },
    );
    const keyed = withTieKeys(d);
    expect(Object.fromEntries([...keyed.boxes, ...keyed.groups].map((n) => [n.id, n.tieKey]))).toEqual({
      ai: 'ai',
      bi: 'ai',
      ak: 'kept',
      bk: 'kept',
      A: undefined,
      B: undefined,
      An: 'An',
      Bn: 'An',
    });
    expect(keyed.boxes.find((b) => b.id === 'ak')).toBe(d.boxes.find((b) => b.id === 'ak'));
    expect(keyed.groups[0]).toBe(d.groups[0]);
  });
});
