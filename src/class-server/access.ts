/**
 * Who may open which room of a class (docs/class.md#roles), decided once when a connection
 * opens, from its URL alone: `/sync/<room>?role=teacher&key=…` or `?role=student&secret=…`.
 * The teacher's key is checked against the hash the server kept when it made the class; a
 * student's id is the hash of their secret, so only the holder of the secret writes that
 * student's room, and nobody can pass for the teacher or for another student.
 */
import { createHash } from 'node:crypto';
import { isKey, parseRoom, type Room, STUDENT_ID_LENGTH, SYNC_PATH } from '../io/classRooms';
import type { Access } from './messages';

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const studentIdOf = (secret: string): string => sha256(secret).slice(0, STUDENT_ID_LENGTH);

export type Decision =
  | {
      readonly ok: true;
      readonly room: Room;
      readonly name: string;
      readonly access: Access;
      readonly role: 'teacher' | 'student';
    }
  | { readonly ok: false; readonly status: 400 | 403 | 404; readonly reason: string };

/** Looks up the hash of a class's teacher key, or null for a class that does not exist. */
export type Registry = (code: string) => Promise<string | null>;

const refuse = (status: 400 | 403 | 404, reason: string): Decision => ({ ok: false, status, reason });

export async function decide(url: string, registry: Registry): Promise<Decision> {
  const parsed = new URL(url, 'http://class.invalid');
  if (!parsed.pathname.startsWith(`${SYNC_PATH}/`)) return refuse(404, `no sync room at ${parsed.pathname}`);
  const name = parsed.pathname.slice(SYNC_PATH.length + 1);
  const room = parseRoom(name);
  if (!room) return refuse(400, `malformed room name '${name.slice(0, 80)}'`);
  const role = parsed.searchParams.get('role');
  const teacherHash = await registry(room.code);
  if (teacherHash === null) return refuse(404, `no class ${room.code}`);
  if (role === 'teacher') {
    const key = parsed.searchParams.get('key') ?? '';
    if (!isKey(key) || sha256(key) !== teacherHash) return refuse(403, `wrong teacher key for class ${room.code}`);
    const access: Access = room.kind === 'class' || room.kind === 'board' ? 'write' : 'read';
    return { ok: true, room, name, access, role };
  }
  if (role === 'student') {
    const secret = parsed.searchParams.get('secret') ?? '';
    if (!isKey(secret)) return refuse(400, 'a student connection needs a secret of 26 code symbols');
    if (room.kind === 'class' || room.kind === 'board') return { ok: true, room, name, access: 'read', role };
    if (room.kind === 'student' && room.student === studentIdOf(secret))
      return { ok: true, room, name, access: 'write', role };
    return refuse(403, `a student may not open ${name}`);
  }
  return refuse(400, `unknown role '${String(role).slice(0, 20)}'`);
}
