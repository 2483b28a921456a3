/**
 * The links the Share dialog shows: one link, or for a class the students' link (the lock's
 * check only) and the teacher's link (its key too). The teacher's lock is made once a page, when
 * first asked for, so the dialog shows the same pair each time it opens. A page a class link
 * locked passes its own lock on and never makes a new one: a fresh key would unlock it.
 */
import { useEffect, useState } from 'react';
import { type ClassLock, newClassLock } from '../../io/classLock';
import type { LensDocument } from '../../io/document';
import { type SharePanel, shareHash } from '../../io/shareLink';

export interface ShareLinks {
  /** The link, or the students' link when locked; null while it is being made. */
  readonly link: string | null;
  /** The teacher's link, when this page holds the key. */
  readonly teachers: string | null;
}

const url = (hash: string) => `${window.location.origin}${window.location.pathname}${hash}`;
const none = (lock: ClassLock | null) => ({ link: null, teachers: null, lock });
const noLink = (e: unknown) => `(no link: ${e instanceof Error ? e.message : String(e)})`;

export function useShareLinks(
  open: boolean,
  doc: LensDocument,
  hide: readonly SharePanel[],
  pageLock: ClassLock | null,
  wantLock: boolean,
): ShareLinks {
  // The teacher's new lock, or why none could be made.
  const [made, setMade] = useState<ClassLock | string | null>(null);
  // Each pair remembers the lock it was made for, so an unlocked link never shows as a locked one.
  const [links, setLinks] = useState<ShareLinks & { lock: ClassLock | null }>(none(null));
  const lock = pageLock ?? (wantLock && typeof made !== 'string' ? made : null);
  const waiting = !pageLock && wantLock && (made === null || typeof made === 'string');
  const toMake = waiting && made === null;

  useEffect(() => {
    if (!open || !toMake) return;
    newClassLock().then(setMade, (e: unknown) => setMade(noLink(e)));
  }, [open, toMake]);

  useEffect(() => {
    if (!open || waiting) return;
    let live = true;
    setLinks(none(lock));
    const students = lock ? { check: lock.check } : null;
    const teachers = lock?.check && lock.key ? lock : null;
    Promise.all([shareHash(doc, { hide, lock: students }), teachers && shareHash(doc, { hide, lock: teachers })]).then(
      ([s, t]) => live && setLinks({ link: url(s), teachers: t && url(t), lock }),
      (e: unknown) => live && setLinks({ link: noLink(e), teachers: null, lock }),
    );
    return () => {
      live = false;
    };
  }, [open, waiting, doc, hide, lock]);
  if (waiting) return { link: typeof made === 'string' ? made : null, teachers: null };
  return links.lock === lock ? links : none(lock);
}
