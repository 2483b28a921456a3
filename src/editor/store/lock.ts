/**
 * A class link's lock (io/classLock.ts): every edit of the drawing is refused with one notice
 * and changes nothing; training, stepping, animating, the dataset, the training settings (the
 * class's epochs and engine) and the view stay the class's. Wrapping the actions here, rather
 * than hiding buttons, also holds for keys, menus, paste, drops and undo. The lock holds for
 * the page's visit whatever is opened in it (else New diagram, then Undo, would give the
 * teacher's diagram back unlocked), and only the teacher's key takes it off.
 */
import { type ClassLock, keyOpens } from '../../io/classLock';
import type { Verdict } from '../model/connection';
import type { DocumentSlice, EditorState, HistorySlice, ViewSlice } from './types';

export const LOCKED_MESSAGE = 'The diagram is locked by the class link: training, stepping and animating still work.';
export const NO_KEY_MESSAGE = 'Only the teacher’s link unlocks this diagram: open the teacher’s link to unlock.';

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

/** `actions` with each drawing edit refused while a class lock is held, and `setView` kept off the lock. */
export function lockable<T extends Pick<EditorState, Locked | 'setView'>>(actions: T, get: () => EditorState): T {
  const out: Record<string, unknown> = { ...actions };
  for (const name of Object.keys(ANSWERS) as Locked[]) {
    const act = actions[name] as (...args: unknown[]) => unknown;
    out[name] = (...args: unknown[]) => {
      const s = get();
      if (!s.classLock) return act(...args);
      if (s.notice?.text !== LOCKED_MESSAGE) s.notify(LOCKED_MESSAGE, 'error');
      return ANSWERS[name];
    };
  }
  out.setView = (patch: Parameters<ViewSlice['setView']>[0]) => {
    // The type already forbids it; this holds for callers the type does not see.
    const { classLock: _, ...rest } = patch as typeof patch & { classLock?: unknown };
    actions.setView(rest);
  };
  return out as T;
}

type Set = (patch: Partial<EditorState>) => void;

export const lockActions = (set: Set, get: () => EditorState): Pick<ViewSlice, 'lockBoxes' | 'unlock'> => ({
  lockBoxes(lock: ClassLock) {
    const held = get().classLock;
    // A held lock is never swapped for another: a student could open a link of their own making,
    // with its own key, over the teacher's diagram and unlock that. Its own teacher's link adds the key.
    if (held && (held.check === null || held.check !== lock.check)) return;
    set({ classLock: lock.key ? lock : (held ?? lock) });
  },
  async unlock() {
    const lock = get().classLock;
    if (!lock) return true;
    const opens = lock.key !== undefined && (await keyOpens(lock.check, lock.key));
    if (!opens) {
      get().notify(NO_KEY_MESSAGE, 'error');
      return false;
    }
    if (get().classLock !== lock) return false;
    set({ classLock: null });
    if (get().notice?.text === LOCKED_MESSAGE) get().dismissNotice();
    return true;
  },
});
