/**
 * A share link: the document (never the weights) in the URL's hash, deflated and written in
 * base64url, with classroom flags that hide panels (as TF Playground's hide flags do) and lock the boxes. Reading
 * one goes through the document's own checks (parse.ts) after a bounded inflate, so a link is
 * no more trusted than a file: a damaged or hostile link is refused with the paths of its
 * problems, and one that would inflate past the document's size cap is refused before it does.
 * CompressionStream is in every browser Lensboard runs in and in Node, so no library is needed.
 *
 * Versions of links, and how each is read today:
 * - 1 (until class keys): `#d=<document>&hide=…&lock=1`. `lock=1` is read as a lock with no
 *   check: the page opens locked and nothing unlocks it (such a link was only ever advisory,
 *   and deleting `lock=1` from it still opens it unlocked; a teacher makes a new one).
 * - 2: a locked link's deflated text starts with the line `lensboard-lock <check>` before the
 *   document (classLock.ts), so the lock cannot be taken off by editing the URL, and a page of
 *   version 1 refuses the link (not JSON) instead of opening it unlocked. The teacher's link
 *   adds `&key=<key>`. Unlocked links are as in version 1.
 * - 3: the deflated text (after the lock line, if any) may be a lesson file instead of a
 *   document (`"format": "lensboard-lesson"`, docs/lessons.md): the link opens the lesson with
 *   its diagram. A page of version 2 refuses such a link (its format is not a document's).
 */
import { CHECK_PATTERN, type ClassLock, keyOpens } from './classLock';
import { deflate, fromBase64Url, inflate, toBase64Url } from './deflated';
import { DocumentSchema, type LensDocument } from './document';
import { LESSON_FORMAT, type Lesson, LessonSchema, MAX_LESSON_EXTRA_CHARS } from './lessonSchema';
import { type DocumentIssue, MAX_DOCUMENT_CHARS, parseDocument } from './parse';
import { readUntrustedJson } from './untrusted';

/** The panels a link may hide. */
export const SHARE_PANELS = ['palette', 'inspector', 'data'] as const;
export type SharePanel = (typeof SHARE_PANELS)[number];

export interface ShareFlags {
  readonly hide: readonly SharePanel[];
  /** The diagram stays as drawn (a class trains the teacher's diagram) until the teacher's key unlocks it. */
  readonly lock?: ClassLock | null;
}

/** The first line of a locked link's deflated text (version 2), before the document's JSON. */
const LOCK_LINE = 'lensboard-lock ';

/** Far above a deflated classroom diagram (XOR's is ~1 kB); browsers take links of megabytes. */
export const MAX_LINK_CHARS = 2_000_000;

export type SharedLink =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'document';
      readonly doc: LensDocument;
      readonly flags: ShareFlags;
      readonly migratedFrom?: number;
      /** The link had a `key=` that does not open its lock: it opens locked all the same. */
      readonly keyRefused?: boolean;
    }
  | {
      /** A lesson (link version 3) and the diagram it opens, which the flags lock. */
      readonly kind: 'lesson';
      readonly lesson: Lesson;
      readonly doc: LensDocument;
      readonly flags: ShareFlags;
      readonly keyRefused?: boolean;
    }
  | { readonly kind: 'error'; readonly errors: readonly DocumentIssue[] };

const damaged = (message: string): SharedLink => ({ kind: 'error', errors: [{ path: '', message }] });

/**
 * The hash (`#d=…&hide=palette.inspector`) that opens `doc` with these flags. A lock with a
 * check goes inside the deflated text; its key, if given, makes this the teacher's link.
 */
export function shareHash(doc: LensDocument, flags: ShareFlags = { hide: [] }): Promise<string> {
  return hashOf(JSON.stringify(DocumentSchema.parse(doc)), flags);
}

/** The hash that opens a lesson (a lesson file's JSON, checked here) with its diagram, locked or not. */
export function shareLessonHash(lesson: Lesson, flags: ShareFlags = { hide: [] }): Promise<string> {
  return hashOf(JSON.stringify(LessonSchema.parse(lesson)), flags);
}

async function hashOf(json: string, flags: ShareFlags): Promise<string> {
  const lock = flags.lock ?? null;
  if (lock?.check != null && !CHECK_PATTERN.test(lock.check)) throw new Error("the lock's check is not a digest");
  const text = lock?.check ? `${LOCK_LINE}${lock.check}\n${json}` : json;
  const params = new URLSearchParams({ d: toBase64Url(await deflate(new TextEncoder().encode(text))) });
  const hide = SHARE_PANELS.filter((p) => flags.hide.includes(p));
  if (hide.length > 0) params.set('hide', hide.join('.'));
  // A lock without a check is one a version-1 link gave this page: passed on as it came.
  if (lock && lock.check === null) params.set('lock', '1');
  if (lock?.check && lock.key) params.set('key', lock.key);
  return `#${params.toString()}`;
}

/** What a page's hash holds: no link, a document with its flags, or every problem with its path. */
export async function readShareHash(hash: string): Promise<SharedLink> {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text) return { kind: 'none' };
  if (text.length > MAX_LINK_CHARS) return damaged(`the link has ${text.length} characters; at most ${MAX_LINK_CHARS}`);
  const params = new URLSearchParams(text);
  const d = params.get('d');
  if (d === null) return { kind: 'none' };
  const bytes = fromBase64Url(d);
  if (!bytes) return damaged('the link is damaged: its diagram is not base64url text (A–Z a–z 0–9 - _)');
  let inflated: Uint8Array | 'too big';
  try {
    // UTF-8 takes at most 3 bytes for each UTF-16 unit the character cap counts.
    inflated = await inflate(bytes, (MAX_DOCUMENT_CHARS + MAX_LESSON_EXTRA_CHARS) * 3);
  } catch (e) {
    return damaged(`the link is damaged: its diagram does not inflate (${e instanceof Error ? e.message : String(e)})`);
  }
  if (inflated === 'too big')
    return damaged(`the link's diagram is larger than a document may be (${MAX_DOCUMENT_CHARS} characters)`);
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return damaged('the link is damaged: its diagram is not UTF-8 text');
  }
  const locked = readLockLine(json);
  if (typeof locked === 'string') return damaged(locked);
  if (locked.json.length > MAX_DOCUMENT_CHARS + MAX_LESSON_EXTRA_CHARS)
    return damaged(`the link's diagram is larger than a document may be (${MAX_DOCUMENT_CHARS} characters)`);
  // The checked door (untrusted.ts): JSON syntax, depth, forbidden keys, as a file is read.
  const read = readUntrustedJson(locked.json, MAX_DOCUMENT_CHARS + MAX_LESSON_EXTRA_CHARS, "the link's diagram");
  if (!read.ok) {
    const [first] = read.errors;
    return first.path === ''
      ? damaged(`the link is damaged: its diagram is ${first.message}`)
      : { kind: 'error', errors: read.errors };
  }
  const isLesson = (read.value as { format?: unknown } | null)?.format === LESSON_FORMAT;
  if (!isLesson && locked.json.length > MAX_DOCUMENT_CHARS)
    return damaged(`the link's diagram is larger than a document may be (${MAX_DOCUMENT_CHARS} characters)`);
  const hide = (params.get('hide') ?? '')
    .split('.')
    .filter((p): p is SharePanel => SHARE_PANELS.includes(p as SharePanel));
  const check = locked.check ?? (params.get('lock') === '1' ? null : undefined);
  const key = params.get('key');
  // A page without SHA-256 (crypto.subtle is for https pages only) cannot tell a key: it stays locked.
  const opens = check !== undefined && key !== null && (await keyOpens(check, key).catch(() => false));
  const lock: ClassLock | null = check === undefined ? null : opens && key ? { check, key } : { check };
  const flags: ShareFlags = { hide: SHARE_PANELS.filter((p) => hide.includes(p)), lock };
  const refused = lock && key !== null && !opens ? { keyRefused: true } : {};
  if (isLesson) {
    // A lesson may start from any example: its reader, with the gallery, loads with the first lesson link.
    const { parseLesson } = await import('./lesson');
    const lesson = parseLesson(read.value);
    if (!lesson.ok) return { kind: 'error', errors: lesson.errors };
    return { kind: 'lesson', lesson: lesson.ready.lesson, doc: lesson.ready.doc, flags, ...refused };
  }
  const parsed = parseDocument(read.value);
  if (!parsed.ok) return { kind: 'error', errors: parsed.errors };
  return {
    kind: 'document',
    doc: parsed.doc,
    flags,
    ...(parsed.migratedFrom === undefined ? {} : { migratedFrom: parsed.migratedFrom }),
    ...refused,
  };
}

/** The check of a version-2 locked link, and the document's JSON after it; or what is wrong. */
function readLockLine(text: string): { check?: string; json: string } | string {
  if (!text.startsWith(LOCK_LINE)) return { json: text };
  const end = text.indexOf('\n');
  const check = text.slice(LOCK_LINE.length, end < 0 ? undefined : end);
  if (end < 0 || !CHECK_PATTERN.test(check))
    return 'the link is damaged: its lock line is not `lensboard-lock` and a 43-character check';
  return { check, json: text.slice(end + 1) };
}
