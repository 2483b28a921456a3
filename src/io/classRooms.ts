/**
 * The names a live class is reached by (docs/class.md): the class code, the teacher's key, a
 * student's secret and the Yjs documents ("rooms") of one class. The page and the class server
 * both read them here, so the two spell a room the same way. Pure: no socket, no DOM.
 *
 * - `<code>/class`: the teacher's part (diagram, controls); the teacher writes, students read.
 * - `<code>/board`: what the teacher shares of the class; the teacher writes, students read.
 * - `<code>/roster`: the ids of the students who joined; only the server writes, the teacher reads.
 * - `<code>/student/<id>`: one student's name and metrics; that student writes, the teacher reads.
 */

/** Crockford's base32 without I, L, O, U: nothing a student can misread off a projector. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 symbols of 5 bits: 2⁵⁰ codes, so a guesser limited to a few tries a minute never finds one. */
export const CODE_LENGTH = 10;
/** A teacher's key and a student's secret: 26 symbols, 130 bits. */
export const KEY_LENGTH = 26;
/** A student's id is the first 16 hex digits of the SHA-256 of their secret. */
export const STUDENT_ID_LENGTH = 16;

export type RoomKind = 'class' | 'board' | 'roster' | 'student';

export interface Room {
  readonly code: string;
  readonly kind: RoomKind;
  /** The student's id, for a student's room only. */
  readonly student?: string;
}

const symbols = (n: number) => new RegExp(`^[${CODE_ALPHABET}]{${n}}$`);
const codePattern = symbols(CODE_LENGTH);
const keyPattern = symbols(KEY_LENGTH);
const idPattern = new RegExp(`^[0-9a-f]{${STUDENT_ID_LENGTH}}$`);

/** A code as a person types it: case, spaces and dashes do not matter. */
export function normaliseCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export const isCode = (s: string): boolean => codePattern.test(s);
export const isKey = (s: string): boolean => keyPattern.test(s);
export const isStudentId = (s: string): boolean => idPattern.test(s);

/** `ABCDE-FGHJK`: easier to read aloud. */
export const showCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** `n` symbols of the alphabet from a source of random bytes (32 divides 256: no bias). */
export function randomSymbols(n: number, randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b % 32];
  return out;
}

export function roomName(room: Room): string {
  return room.kind === 'student' ? `${room.code}/student/${room.student}` : `${room.code}/${room.kind}`;
}

/** The room a name spells, or null when it spells none. */
export function parseRoom(name: string): Room | null {
  const parts = name.split('/');
  const code = parts[0] ?? '';
  if (!isCode(code)) return null;
  if (parts.length === 2 && (parts[1] === 'class' || parts[1] === 'board' || parts[1] === 'roster'))
    return { code, kind: parts[1] };
  if (parts.length === 3 && parts[1] === 'student' && isStudentId(parts[2]))
    return { code, kind: 'student', student: parts[2] };
  return null;
}

/** The path under which the server answers Yjs connections: `/sync/<room>`. */
export const SYNC_PATH = '/sync';
