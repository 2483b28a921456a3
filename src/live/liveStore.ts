/**
 * The page's part in a live class (docs/class.md): who it is in which class, whether its
 * connection is up, and, on the teacher's page, the board's rows. Plain data; the Yjs documents
 * and their providers live in the side that runs (teacherSide.ts, studentSide.ts).
 */
import { createStore } from 'zustand/vanilla';
import type { DatasetBinding } from '../io/document';
import type { BoardRow } from './board';

export interface Membership {
  readonly role: 'teacher' | 'student';
  readonly code: string;
  /** The teacher's key: only on the teacher's page. */
  readonly key?: string;
  /** A student's secret (their id is its hash) and display name. */
  readonly secret?: string;
  readonly name?: string;
}

export type LinkStatus = 'connecting' | 'connected' | 'disconnected';

export interface LiveState {
  readonly membership: Membership | null;
  readonly status: LinkStatus;
  readonly open: boolean;
  /** A code from the page's address (`?class=…`), offered in the join form. */
  readonly offeredCode: string;
  readonly error: string | null;
  readonly rows: readonly BoardRow[];
  readonly named: boolean;
  /** Set by the teacher's side while it runs: raises the class's pause count. */
  readonly pauseEveryone: (() => void) | null;
  /** Set by the teacher's side while it runs: raises the class's reset count. */
  readonly resetEveryone: (() => void) | null;
  /** The dataset the teacher chose for everyone (null: each diagram's own). */
  readonly classDataset: DatasetBinding | null;
  /** Set by the teacher's side while it runs: chooses the dataset for everyone. */
  readonly chooseDataset: ((binding: DatasetBinding | null) => void) | null;
  /** The teacher shares the board with the class (docs/class.md#the-board). */
  readonly shared: boolean;
  /** On a student's page: the board as the teacher shares it (empty when it is not shared). */
  readonly sharedRows: readonly BoardRow[];
}

export const live = createStore<LiveState>(() => ({
  membership: null,
  status: 'connecting',
  open: false,
  offeredCode: '',
  error: null,
  rows: [],
  named: false,
  pauseEveryone: null,
  resetEveryone: null,
  classDataset: null,
  chooseDataset: null,
  shared: false,
  sharedRows: [],
}));

const KEPT = 'lensboard-live-class';

/** The class this browser was in, so that a reload finds it (a teacher's reload finds the class as it was). */
export function keptMembership(): Membership | null {
  try {
    const text = localStorage.getItem(KEPT);
    if (!text) return null;
    const m = JSON.parse(text) as Membership;
    return (m.role === 'teacher' || m.role === 'student') && typeof m.code === 'string' ? m : null;
  } catch {
    return null;
  }
}

export function keepMembership(m: Membership | null): void {
  try {
    if (m) localStorage.setItem(KEPT, JSON.stringify(m));
    else localStorage.removeItem(KEPT);
  } catch {
    // a private window without storage: the class lasts as long as the page
  }
}
