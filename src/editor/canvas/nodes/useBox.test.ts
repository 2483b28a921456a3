import { describe, expect, it } from 'vitest';
import { bigDiagram } from '../../../testing/bigDiagram';
import { setConfigValue } from '../../model/documentOps';
import { boxIndex } from './useBox';

describe("a node's box, read from the store", () => {
  it('is found by id, from one index per boxes array', () => {
    const doc = bigDiagram(30);
    const index = boxIndex(doc.boxes);
    expect(index.get('b4')).toBe(doc.boxes[4]);
    expect(boxIndex(doc.boxes)).toBe(index);
    const edited = setConfigValue(doc, 'b1', 'out', 9);
    expect(boxIndex(edited.boxes).get('b1')?.config).toMatchObject({ out: 9 });
    // the other boxes are the same objects: their nodes' selectors return what they did
    expect(boxIndex(edited.boxes).get('b4')).toBe(doc.boxes[4]);
  });
});
