import { describe, expect, it } from 'vitest';
import { isCode, isKey, isStudentId, normaliseCode, parseRoom, randomSymbols, roomName, showCode } from './classRooms';

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
    expect(normaliseCode('ab\tcd--e\n12 345')).toBe('ABCDE12345');
    expect(showCode('ABCDE12345')).toBe('ABCDE-12345');
    expect(isCode(randomSymbols(10, (n) => new Uint8Array(n).map((_, i) => i * 37)))).toBe(true);
  });

  it('reads no room from a name with a part too many or too few, or a student id in another kind', () => {
    const id = '0123456789abcdef';
    for (const name of [
      'ABCDE12345',
      `ABCDE12345/student/${id}/x`,
      `ABCDE12345/class/${id}`,
      `ABCDE12345/board/${id}`,
      'ABCDE12345/student',
      `ABCDE12345/student/${id.toUpperCase()}`,
      `ABCDE12345/student/${id}0`,
      `/class`,
    ])
      expect(parseRoom(name), name).toBeNull();
  });

  it("spells a room by its code and kind, a student's room by the student too", () => {
    expect(roomName({ code: 'ABCDE12345', kind: 'board' })).toBe('ABCDE12345/board');
    expect(roomName({ code: 'ABCDE12345', kind: 'student', student: '0123456789abcdef' })).toBe(
      'ABCDE12345/student/0123456789abcdef',
    );
  });

  it('draws each symbol from one byte modulo 32, as many as asked', () => {
    const asked: number[] = [];
    const bytes = (n: number) => {
      asked.push(n);
      return Uint8Array.of(0, 31, 32, 63, 255, 10).subarray(0, n);
    };
    expect(randomSymbols(6, bytes)).toBe('0Z0ZZA');
    expect(randomSymbols(0, bytes)).toBe('');
    expect(asked).toEqual([6, 0]);
  });

  it('tells codes, keys and student ids by their alphabet and length', () => {
    expect([
      isCode('0123456789'),
      isCode('ABCDEFGHJK'),
      isCode('ABCDEFGHJI'),
      isCode('ABCDE1234'),
      isCode('ABCDE123456'),
    ]).toEqual([true, true, false, false, false]);
    const key = 'ABCDEFGHJKMNPQRSTVWXYZ0123';
    expect([isKey(key), isKey(key.slice(1)), isKey(`${key}4`), isKey(key.toLowerCase())]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([isStudentId('0123456789abcdef'), isStudentId('0123456789abcdeg'), isStudentId('0123456789abcde')]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
