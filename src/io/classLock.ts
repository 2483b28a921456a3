/**
 * A class link's lock (io/shareLink.ts). The teacher's page makes a random key; the students'
 * link carries only a check of it, the SHA-256 digest of the key, and the teacher's link carries
 * the key too. A page unlocks only when the key it was given digests to the check.
 *
 * Why a plain digest and not a keyed hash (HMAC): a keyed hash needs a secret the page holds,
 * and anything a page holds is in its code for anyone to read. A digest needs no secret: the
 * check is public, and finding a key that digests to it is out of reach (128 random bits behind
 * SHA-256). This is a classroom link, not a security boundary: someone who reads the page's code
 * can write a link of their own. What it does hold against is a student editing the URL: the
 * check sits inside the deflated diagram, so it cannot be deleted by hand, and without the key
 * no value of `key=` unlocks.
 */
import { toBase64Url } from './deflated';

/** The lock a link carries: `check` is null for a link made before keys (it opens locked, with no unlock). */
export interface ClassLock {
  readonly check: string | null;
  /** The teacher's key, only when it digests to `check` (a page holding it may unlock). */
  readonly key?: string;
}

/** 16 random bytes, base64url: 22 characters. */
const KEY_BYTES = 16;
/** A check is a SHA-256 digest in base64url: 43 characters. */
export const CHECK_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A fresh teacher's key. */
export function makeLockKey(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
}

/** The check a students' link carries for `key`. */
export async function lockCheck(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`lensboard class lock\n${key}`));
  return toBase64Url(new Uint8Array(digest));
}

/** A new lock, with its key (for the teacher's link) and its check (for both links). */
export async function newClassLock(): Promise<Required<ClassLock> & { check: string }> {
  const key = makeLockKey();
  return { key, check: await lockCheck(key) };
}

/** Does `key` open a lock whose check is `check`? A lock without a check opens to no key. */
export async function keyOpens(check: string | null, key: string): Promise<boolean> {
  if (check === null || !KEY_PATTERN.test(key)) return false;
  return (await lockCheck(key)) === check;
}
