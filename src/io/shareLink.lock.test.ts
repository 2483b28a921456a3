/**
 * A class link's lock (classLock.ts): the students' link carries only a check, so no edit of its
 * fields unlocks it; the teacher's link carries the key that does; links made before keys
 * (`lock=1`) open locked with nothing to unlock them.
 */
import { describe, expect, it } from 'vitest';
import { keyOpens, lockCheck, makeLockKey, newClassLock } from './classLock';
import { deflate, toBase64Url } from './deflated';
import { loadExample } from './examples';
import { readShareHash, shareHash } from './shareLink';

const doc = loadExample('xor');

async function links() {
  const lock = await newClassLock();
  const students = await shareHash(doc, { hide: ['palette'], lock: { check: lock.check } });
  const teachers = await shareHash(doc, { hide: ['palette'], lock });
  return { lock, students, teachers };
}

describe('class locks', () => {
  it('makes a fresh 128-bit key each time, and only its own key opens its check', async () => {
    const [a, b] = [makeLockKey(), makeLockKey()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a).not.toBe(b);
    const check = await lockCheck(a);
    expect(check).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await keyOpens(check, a)).toBe(true);
    expect(await keyOpens(check, b)).toBe(false);
    expect(await keyOpens(check, check)).toBe(false);
    expect(await keyOpens(null, a)).toBe(false);
  });

  it("gives the teacher's link the key and the students' link only the check, hidden in the diagram", async () => {
    const { lock, students, teachers } = await links();
    expect(students).toMatch(/^#d=[A-Za-z0-9_-]+&hide=palette$/);
    expect(students).not.toContain(lock.key);
    expect(students).not.toContain(lock.check);
    expect(teachers).toBe(`${students}&key=${lock.key}`);
    expect(await readShareHash(students)).toEqual({
      kind: 'document',
      doc,
      flags: { hide: ['palette'], lock: { check: lock.check } },
    });
    expect(await readShareHash(teachers)).toEqual({ kind: 'document', doc, flags: { hide: ['palette'], lock } });
  });

  it("cannot be unlocked by editing the students' link", async () => {
    const { lock, students } = await links();
    const other = await newClassLock();
    for (const edit of [`&key=${makeLockKey()}`, `&key=${other.key}`, `&key=${lock.check}`, '&key=', '&lock=0'])
      expect(await readShareHash(`${students}${edit}`)).toMatchObject({
        kind: 'document',
        flags: { lock: { check: lock.check } },
        ...(edit.startsWith('&key') ? { keyRefused: true } : {}),
      });
    for (const edit of [`&key=${makeLockKey()}`, '&lock=0'])
      expect(await readShareHash(`${students}${edit}`)).not.toMatchObject({
        flags: { lock: { key: expect.anything() } },
      });
    // Another page's teacher's key opens only its own lock.
    const theirs = await shareHash(doc, { hide: [], lock: other });
    expect(await readShareHash(`${students}&key=${other.key}`)).toMatchObject({ keyRefused: true });
    expect(await readShareHash(theirs)).toMatchObject({ flags: { lock: other } });
  });

  it('opens a link made before keys locked, with nothing that unlocks it', async () => {
    const plain = await shareHash(doc);
    expect(await readShareHash(`${plain}&lock=1`)).toEqual({
      kind: 'document',
      doc,
      flags: { hide: [], lock: { check: null } },
    });
    expect(await readShareHash(`${plain}&lock=1&key=${makeLockKey()}`)).toMatchObject({
      flags: { lock: { check: null } },
      keyRefused: true,
    });
    for (const junk of ['lock=0', 'lock=true', 'lock=', 'lock=1x'])
      expect(await readShareHash(`${plain}&${junk}`)).toMatchObject({ flags: { lock: null } });
    // Passed on from such a page, the lock stays as it came.
    expect(await shareHash(doc, { hide: [], lock: { check: null } })).toBe(`${plain}&lock=1`);
  });

  it('refuses a damaged lock line, naming it', async () => {
    const text = `lensboard-lock short\n${JSON.stringify(doc)}`;
    const hash = `#d=${toBase64Url(await deflate(new TextEncoder().encode(text)))}`;
    expect(await readShareHash(hash)).toMatchObject({
      kind: 'error',
      errors: [{ path: '', message: expect.stringMatching(/lock line/) }],
    });
    await expect(shareHash(doc, { hide: [], lock: { check: 'not a digest' } })).rejects.toThrow(/check/);
  });
});
