/**
 * Share links that carry the lesson being written (io/shareLink.ts, version 3): one link, or
 * for a class that may not change the diagram, the students' link (locked) and the teacher's
 * link (which carries the key that unlocks it), as the Share dialog makes them
 * (docs/share-links.md). Made when asked for, so the draft's every keystroke makes no link.
 */
import { useState } from 'react';
import { ShareLinkField } from '../editor/overlays/ShareLinkField';
import { newClassLock } from '../io/classLock';
import type { Lesson } from '../io/lessonSchema';
import { shareLessonHash } from '../io/shareLink';

const url = (hash: string) => `${window.location.origin}${window.location.pathname}${hash}`;

export function LessonLinks({ lesson }: { lesson: Lesson }) {
  const [lock, setLock] = useState(false);
  const [links, setLinks] = useState<{ for: Lesson; link: string; teachers: string | null } | string | null>(null);
  const make = async () => {
    try {
      if (!lock) {
        setLinks({ for: lesson, link: url(await shareLessonHash(lesson)), teachers: null });
        return;
      }
      const made = await newClassLock();
      const [students, teachers] = await Promise.all([
        shareLessonHash(lesson, { hide: [], lock: { check: made.check } }),
        shareLessonHash(lesson, { hide: [], lock: made }),
      ]);
      setLinks({ for: lesson, link: url(students), teachers: url(teachers) });
    } catch (e) {
      setLinks(`(no link: ${e instanceof Error ? e.message : String(e)})`);
    }
  };
  const shown = typeof links === 'string' || links?.for === lesson ? links : null;
  return (
    <section className="lesson-links" aria-label="Share the lesson">
      <label>
        <input type="checkbox" checked={lock} onChange={(e) => setLock(e.currentTarget.checked)} /> Lock the diagram
        (the class follows the lesson on the diagram as drawn; only the teacher’s link unlocks it)
      </label>
      <button type="button" onClick={() => void make()}>
        Make share links
      </button>
      {typeof shown === 'string' && <p role="alert">{shown}</p>}
      {shown && typeof shown !== 'string' && (
        <>
          <ShareLinkField
            label={shown.teachers ? 'Students’ link (locked)' : 'Link'}
            link={shown.link}
            copyLabel={shown.teachers ? 'Copy students’ link' : 'Copy link'}
          />
          {shown.teachers && (
            <ShareLinkField label="Teacher’s link (can unlock)" link={shown.teachers} copyLabel="Copy teacher’s link" />
          )}
        </>
      )}
    </section>
  );
}
