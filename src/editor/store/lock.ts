/**
 * Locked boxes (a share link's classroom flag, io/shareLink.ts): every edit of the drawing is
 * refused with one notice that says how to unlock, and changes nothing; the dataset, the
 * training settings and the view stay the class's to change. Wrapping the actions here, rather
 * than hiding buttons, also holds for keys, menus, paste and drops.
 */
import type { Verdict } from '../model/connection';
import type { DocumentSlice, EditorState, HistorySlice } from './types';

export const LOCKED_MESSAGE = 'The boxes are locked by the shared link: press Unlock to change the drawing.';

const refused: Verdict = { ok: false, reason: LOCKED_MESSAGE };

/** What each locked edit answers instead of acting (the value its callers read as "nothing done"). */
const ANSWERS = {
  addBox: '',
  connect: refused,
  removeItems: undefined,
  moveNodes: undefined,
  setConfig: refused,
  setLabel: undefined,
  paste: [],
  groupSelection: null,
  placeTemplate: null,
  placeSaved: null,
  undo: undefined,
  redo: undefined,
} satisfies Partial<Record<keyof (DocumentSlice & HistorySlice), unknown>>;

type Locked = keyof typeof ANSWERS;

/** `actions` with each drawing edit refused while `get().boxesLocked`. */
export function lockable<T extends Pick<EditorState, Locked>>(actions: T, get: () => EditorState): T {
  const out: Record<string, unknown> = { ...actions };
  for (const name of Object.keys(ANSWERS) as Locked[]) {
    const act = actions[name] as (...args: unknown[]) => unknown;
    out[name] = (...args: unknown[]) => {
      const s = get();
      if (!s.boxesLocked) return act(...args);
      if (s.notice?.text !== LOCKED_MESSAGE) s.notify(LOCKED_MESSAGE, 'error');
      return ANSWERS[name];
    };
  }
  return out as T;
}
