/**
 * Reading a share link (./shareLink) step by step: the hash with or without its `#`, each
 * refusal of the link's text word for word (too long, not base64url, not deflated, not UTF-8,
 * a broken lock line, not JSON), the size caps exactly at and one past them (a lesson may be
 * larger than a document, and its diagram's UTF-8 bytes may take three per character), an old
 * document migrated on the way, and a lock that stays shut when the page cannot digest a key.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newClassLock } from './classLock';
import { deflate, toBase64Url } from './deflated';
import { loadExample } from './examples';
import { LESSON_FORMAT, LESSON_VERSION, LessonSchema, MAX_LESSON_EXTRA_CHARS } from './lessonSchema';
import { MAX_DOCUMENT_CHARS } from './parse';
import { MAX_LINK_CHARS, readShareHash, shareHash, shareLessonHash } from './shareLink';

const doc = loadExample('xor');

/** The hash of these bytes deflated, as a link carries them. */
const hashOfBytes = async (bytes: Uint8Array) => `#d=${toBase64Url(await deflate(bytes))}`;
const hashOf = (text: string) => hashOfBytes(new TextEncoder().encode(text));

const damaged = (message: string) => ({ kind: 'error', errors: [{ path: '', message }] });
const tooLarge = damaged(`the link's diagram is larger than a document may be (${MAX_DOCUMENT_CHARS} characters)`);

const lessonJson = {
  format: LESSON_FORMAT,
  version: LESSON_VERSION,
  id: 'tour',
  title: 'A tour',
  summary: 'One step.',
  start: { example: 'xor' },
  steps: [{ title: 'The input', text: 'Two numbers come in here.' }],
};

/** `json` followed by spaces up to `length` characters: still the same JSON. */
const padded = (json: string, length: number) => json + ' '.repeat(length - json.length);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readShareHash', () => {
  it('reads a hash with or without its #, and finds no link in an empty one or one without d=', async () => {
    const hash = await shareHash(doc, { hide: ['data'] });
    const read = { kind: 'document', doc, flags: { hide: ['data'], lock: null } };
    expect(await readShareHash(hash)).toEqual(read);
    expect(await readShareHash(hash.slice(1))).toEqual(read);
    for (const none of ['#', '', '#hide=palette', 'lock=1'])
      expect(await readShareHash(none), none).toEqual({ kind: 'none' });
  });

  it('refuses a link over its length before reading it, and reads one at it', async () => {
    expect(await readShareHash(`#${'a'.repeat(MAX_LINK_CHARS + 1)}`)).toEqual(
      damaged(`the link has ${MAX_LINK_CHARS + 1} characters; at most ${MAX_LINK_CHARS}`),
    );
    expect(await readShareHash(`#${'a'.repeat(MAX_LINK_CHARS)}`)).toEqual({ kind: 'none' });
  });

  it('refuses each way the text can be damaged, word for word', async () => {
    expect(await readShareHash('#d=ab+c')).toEqual(
      damaged('the link is damaged: its diagram is not base64url text (A–Z a–z 0–9 - _)'),
    );
    expect(await readShareHash('#d=AAAA')).toEqual({
      kind: 'error',
      errors: [
        { path: '', message: expect.stringMatching(/^the link is damaged: its diagram does not inflate \(.+\)$/) },
      ],
    });
    expect(await readShareHash(await hashOfBytes(Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d)))).toEqual(
      damaged('the link is damaged: its diagram is not UTF-8 text'),
    );
    expect(await readShareHash(await hashOf('{"format":'))).toEqual({
      kind: 'error',
      errors: [
        { path: '', message: expect.stringMatching(/^the link is damaged: its diagram is not valid JSON at line 1, /) },
      ],
    });
    // a fault inside the JSON keeps its path
    expect(await readShareHash(await hashOf('{"format":"lensboard-document","constructor":1}'))).toEqual({
      kind: 'error',
      errors: [{ path: 'constructor', message: 'the key "constructor" is not allowed' }],
    });
  });

  it('reads the lock line only when it is whole: its check, then a newline', async () => {
    const { check } = await newClassLock();
    const lockLine = 'the link is damaged: its lock line is not `lensboard-lock` and a 43-character check';
    const json = JSON.stringify(doc);
    expect(await readShareHash(await hashOf(`lensboard-lock ${check}\n${json}`))).toEqual({
      kind: 'document',
      doc,
      flags: { hide: [], lock: { check } },
    });
    for (const text of [
      `lensboard-lock ${check}`,
      `lensboard-lock ${check}${json}`,
      `lensboard-lock ${check}x\n${json}`,
      `lensboard-lock ${check.slice(1)}\n${json}`,
      `lensboard-lock \n${json}`,
    ])
      expect(await readShareHash(await hashOf(text)), text.slice(0, 70)).toEqual(damaged(lockLine));
    // without the exact line it is read as JSON, and is not
    expect(await readShareHash(await hashOf(`lensboard-lock${check}\n${json}`))).toMatchObject({
      kind: 'error',
      errors: [{ path: '', message: expect.stringMatching(/^the link is damaged: its diagram is not valid JSON/) }],
    });
  });

  it('holds a document to its own size and a lesson to that and its steps more, exactly', async () => {
    const json = JSON.stringify(doc);
    const atDocument = await readShareHash(await hashOf(padded(json, MAX_DOCUMENT_CHARS)));
    expect(atDocument).toEqual({ kind: 'document', doc, flags: { hide: [], lock: null } });
    expect(await readShareHash(await hashOf(padded(json, MAX_DOCUMENT_CHARS + 1)))).toEqual(tooLarge);

    const cap = MAX_DOCUMENT_CHARS + MAX_LESSON_EXTRA_CHARS;
    const lesson = JSON.stringify(lessonJson);
    expect(await readShareHash(await hashOf(padded(lesson, cap)))).toMatchObject({
      kind: 'lesson',
      lesson: { id: 'tour' },
    });
    expect(await readShareHash(await hashOf(padded(lesson, cap + 1)))).toEqual(tooLarge);
  });

  it('inflates up to three bytes for each character a lesson may have', async () => {
    // A lesson starting from a document whose one config holds three-byte characters.
    const cap = MAX_DOCUMENT_CHARS + MAX_LESSON_EXTRA_CHARS;
    const withNote = (note: string) =>
      JSON.stringify({
        ...lessonJson,
        start: {
          document: { ...doc, boxes: doc.boxes.map((b, i) => (i === 0 ? { ...b, config: { ...b.config, note } } : b)) },
        },
      });
    const shell = withNote('').length;
    const text = withNote('€'.repeat(cap - shell));
    expect(text.length).toBe(cap);
    // more bytes than three for each character a document alone may have
    expect(new TextEncoder().encode(text).length).toBeGreaterThan(3 * MAX_DOCUMENT_CHARS);
    expect(await readShareHash(await hashOf(text))).toMatchObject({ kind: 'lesson', lesson: { id: 'tour' } });
  });

  it('tells a link of an older document that it was migrated', async () => {
    const { version: _, groups: __, ...v0 } = { ...doc, version: 0 };
    expect(await readShareHash(await hashOf(JSON.stringify(v0)))).toEqual({
      kind: 'document',
      doc,
      flags: { hide: [], lock: null },
      migratedFrom: 0,
    });
  });

  it('puts the panels it hides in one order, and a key on an unlocked link refuses nothing', async () => {
    const hash = await shareHash(doc, { hide: ['data', 'palette'] });
    expect(hash).toMatch(/&hide=palette\.data$/);
    expect(await readShareHash(`${hash.replace('palette.data', 'data.inspector.data')}`)).toMatchObject({
      flags: { hide: ['inspector', 'data'] },
    });
    expect(await readShareHash(`${hash}&hide=`)).toMatchObject({ flags: { hide: ['palette', 'data'] } });
    expect(await readShareHash(`${await shareHash(doc)}&hide=`)).toEqual({
      kind: 'document',
      doc,
      flags: { hide: [], lock: null },
    });
    expect(await readShareHash(`${hash}&key=AAAAAAAAAAAAAAAAAAAAAA`)).toEqual({
      kind: 'document',
      doc,
      flags: { hide: ['palette', 'data'], lock: null },
    });
  });

  it("keeps a lesson's lock shut to a key that does not open it, and says so", async () => {
    const lesson = LessonSchema.parse(lessonJson);
    const lock = await newClassLock();
    const other = await newClassLock();
    const students = await shareLessonHash(lesson, { hide: [], lock: { check: lock.check } });
    expect(await readShareHash(`${students}&key=${other.key}`)).toMatchObject({
      kind: 'lesson',
      flags: { lock: { check: lock.check } },
      keyRefused: true,
    });
    expect(await readShareHash(students)).not.toHaveProperty('keyRefused');
  });

  it('stays locked when the page cannot digest the key (no SHA-256 outside https)', async () => {
    const lock = await newClassLock();
    const teachers = await shareHash(doc, { hide: [], lock });
    vi.spyOn(crypto.subtle, 'digest').mockRejectedValue(new Error('crypto.subtle is for secure pages'));
    expect(await readShareHash(teachers)).toEqual({
      kind: 'document',
      doc,
      flags: { hide: [], lock: { check: lock.check } },
      keyRefused: true,
    });
  });
});

describe('shareHash', () => {
  it('writes the check into the diagram and the key after it; a lock with no check as lock=1, its key dropped', async () => {
    const lock = await newClassLock();
    const plain = await shareHash(doc);
    expect(await shareHash(doc, { hide: [], lock: { check: null, key: lock.key } })).toBe(`${plain}&lock=1`);
    const students = await shareHash(doc, { hide: [], lock: { check: lock.check } });
    expect(students).toMatch(/^#d=[A-Za-z0-9_-]+$/);
    expect(await shareHash(doc, { hide: [], lock })).toBe(`${students}&key=${lock.key}`);
    expect(await shareHash(doc, { hide: [], lock: null })).toBe(plain);
    await expect(shareHash(doc, { hide: [], lock: { check: `${lock.check}=` } })).rejects.toEqual(
      new Error("the lock's check is not a digest"),
    );
  });
});
