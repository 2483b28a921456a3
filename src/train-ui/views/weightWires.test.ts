import { describe, expect, it } from 'vitest';
import { loadExample } from '../../io/examples';
import { NEGATIVE, POSITIVE } from '../data/colours';
import { keepUnchanged, weightWires, widthFor } from './weightWires';

describe('parameter wires drawn by their weights', () => {
  it('thickens with the mean size of the weights and colours by their mean sign', () => {
    const doc = loadExample('xor');
    const wires = weightWires(doc, [
      { name: 'W1.W', shape: [2, 2], group: 'model', data: Float32Array.from([1, -3, 1, -3]) },
      { name: 'b1.W', shape: [2], group: 'model', data: Float32Array.from([0.01, 0.01]) },
    ]);
    const fromW1 = doc.wires.filter((w) => w.from.box === 'W1');
    expect(fromW1.length).toBeGreaterThan(0);
    for (const w of fromW1) expect(wires.get(w.id)).toMatchObject({ width: widthFor(2), colour: NEGATIVE });
    const fromB1 = doc.wires.find((w) => w.from.box === 'b1');
    expect(wires.get(fromB1!.id)).toMatchObject({ colour: POSITIVE });
    expect(wires.get(fromB1!.id)!.width).toBeLessThan(widthFor(2));
    expect(wires.get(fromB1!.id)!.title).toBe('b1.W: mean |w| = 0.010, mean w = 0.010 over 2 weights');
    expect(doc.wires.filter((w) => wires.has(w.id)).every((w) => ['W1', 'b1'].includes(w.from.box))).toBe(true);
  });

  it('draws a change of the weights too small to see as no change, so the wire layer is not repainted', () => {
    const doc = loadExample('xor');
    const at = (w: number) =>
      weightWires(doc, [{ name: 'W1.W', shape: [2, 2], group: 'model', data: Float32Array.from([w, -3, 1, -3]) }]);
    const before = at(1);
    expect(keepUnchanged(before, at(1.0004))).toBe(before);
    expect(keepUnchanged(before, at(2))).not.toBe(before);
    for (const w of at(1.37).values()) expect(w.width * 4).toBe(Math.round(w.width * 4));
  });

  it('keeps the objects of wires drawn as before, so only the wires that changed re-render', () => {
    const a = { width: 2, colour: POSITIVE, title: 'a' };
    const b = { width: 3, colour: NEGATIVE, title: 'b' };
    const before = new Map([
      ['w1', a],
      ['w2', b],
    ]);
    expect(
      keepUnchanged(
        before,
        new Map([
          ['w1', { ...a }],
          ['w2', { ...b }],
        ]),
      ),
    ).toBe(before);
    const moved = keepUnchanged(
      before,
      new Map([
        ['w1', { ...a }],
        ['w2', { ...b, width: 4 }],
      ]),
    );
    expect(moved).not.toBe(before);
    expect(moved.get('w1')).toBe(a);
    expect(moved.get('w2')).toEqual({ ...b, width: 4 });
    expect(keepUnchanged(before, new Map([['w1', { ...a }]])).size).toBe(1);
  });
});
