/**
 * A class link's lock (io/classLock.ts): every edit of the drawing is refused with one notice
 * and changes nothing; training, stepping, animating, the dataset, the training settings (the
 * class's epochs and engine) and the view stay the class's. Wrapping the actions here, rather
 * than hiding buttons, also holds for keys, menus, paste, drops and undo.
 *
 * A lock belongs to the document the class link opened, not to the page: another document
 * (an example, a new diagram, a lesson of another drawing) opens unlocked, and going back to
 * the locked one (Undo of the open, the link again, a reload) finds it locked. The locked
 * document is known by its drawing — boxes, wires, groups — the one part of it the lock
 * freezes: the class's own changes (dataset, training settings) keep it the same document, as
 * its document key does for its runs (docs/share-links.md). Only the teacher's key takes a
 * lock off.
 */
import { digest } from '../../data/digest';
import { type ClassLock, keyOpens } from '../../io/classLock';
import type { LensDocument } from '../../io/document';
import type { Verdict } from '../model/connection';
import type { DocumentSlice, EditorState, HistorySlice, ViewSlice } from './types';

export const LOCKED_MESSAGE = 'The diagram is locked by the class link: training, stepping and animating still work.';
export const NO_KEY_MESSAGE = 'Only the teacher’s link unlocks this diagram: open the teacher’s link to unlock.';

/** The drawing a lock holds, by name (data/digest.ts): the same for every copy of the same boxes, wires and groups. */
export const drawingOf = (doc: LensDocument): string => digest(JSON.stringify([doc.boxes, doc.wires, doc.groups]));

const drawings = new WeakMap<LensDocument, string>();
const drawingOfCached = (doc: LensDocument): string => {
  let d = drawings.get(doc);
  if (d === undefined) {
    d = drawingOf(doc);
    drawings.set(doc, d);
  }
  return d;
};

/** A lock the page holds, on the drawing it locks. */
export interface HeldLock {
  readonly drawing: string;
  readonly lock: ClassLock;
}

/** The lock of the document open now: the held lock on its drawing, or none. */
export function lockOf(doc: LensDocument, held: readonly HeldLock[]): ClassLock | null {
  if (held.length === 0) return null;
  const drawing = drawingOfCached(doc);
  return held.find((h) => h.drawing === drawing)?.lock ?? null;
}

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
    const {
      classLock: _,
      heldLocks: __,
      ...rest
    } = patch as typeof patch & {
      classLock?: unknown;
      heldLocks?: unknown;
    };
    actions.setView(rest);
  };
  return out as T;
}

type Set = (patch: Partial<EditorState>) => void;

export const lockActions = (set: Set, get: () => EditorState): Pick<ViewSlice, 'lockBoxes' | 'unlock'> => ({
  lockBoxes(lock: ClassLock, doc?: LensDocument) {
    const drawing = drawingOfCached(doc ?? get().doc);
    const heldLocks = get().heldLocks;
    const held = heldLocks.find((h) => h.drawing === drawing)?.lock;
    // A held lock is never swapped for another: a student could open a link of their own making,
    // with its own key, over the teacher's drawing and unlock that. Its own teacher's link adds the key.
    if (held && (held.check === null || held.check !== lock.check)) return;
    const next = [
      ...heldLocks.filter((h) => h.drawing !== drawing),
      { drawing, lock: lock.key ? lock : (held ?? lock) },
    ];
    set({ heldLocks: next, classLock: lockOf(get().doc, next) });
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
    set({ heldLocks: get().heldLocks.filter((h) => h.lock !== lock), classLock: null });
    if (get().notice?.text === LOCKED_MESSAGE) get().dismissNotice();
    return true;
  },
});

/**
 * Keeps `classLock` the lock of the document open now, whenever the document changes (an open,
 * an undo or redo, an allowed edit): set within the same update, so an edit that follows finds it.
 */
export function scopeLocks(store: {
  getState(): EditorState;
  setState(patch: Partial<EditorState>): void;
  subscribe(listener: (s: EditorState, prev: EditorState) => void): () => void;
}): () => void {
  return store.subscribe((s, prev) => {
    if (s.doc === prev.doc) return;
    // Read afresh: another listener may have changed the state since this update began.
    const now = store.getState();
    const lock = lockOf(now.doc, now.heldLocks);
    if (lock !== now.classLock) store.setState({ classLock: lock });
  });
}
