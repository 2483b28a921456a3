/**
 * Box ids of an import: a node's name made safe and cut to 56 characters, and `_2`, `_3`, … for
 * names that come out alike (an exporter's long paths share their first 56 characters), never
 * an id already taken, however it was taken.
 */
import { describe, expect, it } from 'vitest';
import { Drawing } from './drawing';

describe('the ids an import draws', () => {
  it('number names alike in order, skipping ids already taken', () => {
    const d = new Drawing();
    const input = d.role('input', 'x', 'x');
    d.box('relu', {}, 'a_b_3', [{ box: input, port: 'x', shape: [2], layout: 'plain' }]);
    for (const name of ['a/b', 'a b', 'a#b', 'a?b']) d.box('relu', {}, name, []);
    const long = `/model/encoder/layers.0/a_long_exporter_path/${'x'.repeat(40)}/MatMul`;
    for (const k of [0, 1]) d.box('relu', {}, `${long}${k}`, []);
    const base = long.replace(/\//g, '_').slice(0, 56);
    expect(d.boxes.map((b) => b.id)).toEqual(['x', 'a_b_3', 'a_b', 'a_b_2', 'a_b_4', 'a_b_5', base, `${base}_2`]);
  });
});
