/**
 * The lesson being written outlives a reload (docs/lessons.md, "Writing a lesson"): each change
 * of the draft is written to the browser's localStorage, and the lesson editor, opened on an
 * empty draft, takes the kept one back. What comes back is checked as untrusted text is (no
 * prototype keys, the draft's own shape): a draft that does not hold is left where it is, not
 * read.
 */

import { HighlightSchema, WaitSchema } from '../io/lessonSchema';
import { findUnsafe } from '../io/untrusted';
import { lazySchema, z } from '../kinds/zod';
import type { LessonDraft } from './lessonDraft';
import type { LessonStore } from './lessonStore';

export const DRAFT_KEY = 'lensboard.lessonDraft';

// Looser than a lesson file's limits: a draft may hold a text still too long, to be cut by its writer.
const DraftSchema = lazySchema(() =>
  z.object({
    title: z.string().max(2_000),
    summary: z.string().max(4_000),
    steps: z
      .array(
        z.object({
          key: z.number().int().min(0),
          title: z.string().max(2_000),
          text: z.string().max(20_000),
          highlight: HighlightSchema,
          wait: WaitSchema.optional(),
        }),
      )
      .max(200),
    current: z.number().int().min(-1),
    nextKey: z.number().int().min(1),
  }),
);

export const isEmptyDraft = (d: LessonDraft): boolean => d.steps.length === 0 && !d.title && !d.summary;

/** The kept draft, or null when there is none or it does not hold. */
export function readDraft(text: string | null): LessonDraft | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (findUnsafe(json)) return null;
  const parsed = DraftSchema.safeParse(json);
  if (!parsed.success) return null;
  const d = parsed.data as LessonDraft;
  const keys = d.steps.map((s) => s.key);
  if (new Set(keys).size !== keys.length || keys.some((k) => k >= d.nextKey)) return null;
  if (d.current >= d.steps.length) return null;
  return d;
}

type Kept = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Takes the kept draft back when the store's is empty, then writes every change of the draft
 * (an emptied draft takes the kept one away). Returns the stop.
 */
export function keepDraft(lessons: LessonStore, storage: Kept): () => void {
  try {
    const kept = isEmptyDraft(lessons.getState().draft) ? readDraft(storage.getItem(DRAFT_KEY)) : null;
    if (kept) lessons.getState().setDraft(kept);
  } catch {
    // storage refused: the draft lives as long as the page
  }
  return lessons.subscribe((s, prev) => {
    if (s.draft === prev.draft) return;
    try {
      if (isEmptyDraft(s.draft)) storage.removeItem(DRAFT_KEY);
      else storage.setItem(DRAFT_KEY, JSON.stringify(s.draft));
    } catch {
      // full or refused: nothing to do but go on; the draft is still on the page
    }
  });
}
