import { describe, expect, it } from 'vitest';
import { isCode, normaliseCode, parseRoom, randomSymbols, roomName, showCode } from './classRooms';

describe('the rooms of a class', () => {
  it('spells each room and reads it back', () => {
    const code = 'ABCDE12345';
    for (const room of [
      { code, kind: 'class' as const },
      { code, kind: 'board' as const },
      { code, kind: 'roster' as const },
      { code, kind: 'student' as const, student: '0123456789abcdef' },
    ])
      expect(parseRoom(roomName(room))).toEqual(room);
  });

  it('reads no room from a bad code, kind or student id', () => {
    for (const name of [
      'abcde12345/class',
      'ABCDE1234/class',
      'ABCDE12345/teacher',
      'ABCDE12345/student/XYZ',
      'ABCDE12345/class/x',
      '',
    ])
      expect(parseRoom(name)).toBeNull();
  });

  it('takes a code as typed, and shows it in two halves', () => {
    expect(normaliseCode(' abcde-12345 ')).toBe('ABCDE12345');
    expect(showCode('ABCDE12345')).toBe('ABCDE-12345');
    expect(isCode(randomSymbols(10, (n) => new Uint8Array(n).map((_, i) => i * 37)))).toBe(true);
  });
});
