import { describe, expect, it } from 'vitest';
import { LABEL_CHAR, labelRoom } from './labelRoom';

describe("a wire label's room", () => {
  it('is the gap between two boxes on one row, in characters', () => {
    // a gap of 84 px: 11 characters of 11 px monospace and the padding
    expect(labelRoom(300, 262, 384, 262)).toBe(11);
    expect(labelRoom(0, 0, 6 + 13 * LABEL_CHAR, 10)).toBe(13);
  });

  it('is unbounded for a wire that leaves the row or runs backwards', () => {
    expect(labelRoom(300, 100, 320, 262)).toBe(Number.POSITIVE_INFINITY); // into a parameter port
    expect(labelRoom(400, 262, 300, 262)).toBe(Number.POSITIVE_INFINITY);
  });
});
