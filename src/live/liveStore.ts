/**
 * The page's part in a live class (docs/class.md): who it is in which class, whether its
 * connection is up, and, on the teacher's page, the board's rows. Plain data; the Yjs documents
 * and their providers live in the side that runs (teacherSide.ts, studentSide.ts).
 */
import { createStore } from 'zustand/vanilla';
import type { DatasetBinding } from '../io/document';
import type { BoardRow } from './board';
import type { Point } from './pool';
import { PLANE, type PoolShape } from './poolShape';

export interface Membership {
  readonly role: 'teacher' | 'student';
  readonly code: string;
  /** The teacher's key: only on the teacher's page. */
  readonly key?: string;
  /** A student's secret (their id is its hash) and display name. */
  readonly secret?: string;
  readonly name?: string;
}

/** A student's weights as the teacher's page holds them (weights.ts). */
export type WeightsState =
  | { readonly state: 'asked' }
  | { readonly state: 'ready'; readonly name: string; readonly bytes: Uint8Array }
  | { readonly state: 'refused'; readonly error: string };

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
  /** The teacher lets the students step the lesson themselves (false: the teacher leads it). */
  readonly lessonReleased: boolean;
  /** Set by the teacher's side while it runs: chooses the dataset for everyone. */
  readonly chooseDataset: ((binding: DatasetBinding | null) => void) | null;
  /** The teacher shares the board with the class (docs/class.md#the-board). */
  readonly shared: boolean;
  /** On a student's page: the board as the teacher shares it (empty when it is not shared). */
  readonly sharedRows: readonly BoardRow[];
  /** Set by the teacher's side while it runs: asks one student (by id) or everyone (`*`) for their weights. */
  readonly askWeights: ((key: string) => void) | null;
  /** What came of each student's last ask, by id. */
  readonly weights: Readonly<Record<string, WeightsState>>;
  /** Set by the teacher's side: opens a student's weights on the teacher's canvas, the class's diagram kept aside. */
  readonly openOnCanvas: ((id: string, label: string) => void) | null;
  /** The student whose run the teacher's canvas shows instead of the class's diagram, or null. */
  readonly viewing: { readonly id: string; readonly label: string } | null;
  /** Set while `viewing`: back to the class's diagram. */
  readonly backToClass: (() => void) | null;
  /** A student's own points for the class's pool (pool.ts), as their room holds them. */
  readonly myPoints: readonly Point[];
  /** Set by a student's side once their room is open: adds a point, or clears them all. */
  readonly editPoints: ((edit: { readonly add: Point } | 'clear') => void) | null;
  /** Set by the teacher's side: gathers every student's points into the class's dataset. */
  readonly poolClass: (() => void) | null;
  /** What the last "Pool the class's data" did, and the points it refused. */
  readonly poolNote: { readonly text: string; readonly problems: readonly string[] } | null;
  /** The shape of the points the class pools (poolShape.ts): the teacher's diagram's dataset's, or the plane. */
  readonly poolShape: PoolShape;
  /** On the teacher's page: why the diagram's dataset cannot be pooled, or null. */
  readonly poolRefused: string | null;
}

/**
 * The status shown: a link that was up and is lost stays "disconnected" (Reconnecting…) through
 * the provider's every new attempt ("connecting") until it is up again.
 */
export const linkStatus = (shown: LinkStatus, now: LinkStatus): LinkStatus =>
  now === 'connecting' && shown === 'disconnected' ? 'disconnected' : now;

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
  lessonReleased: false,
  chooseDataset: null,
  shared: false,
  sharedRows: [],
  askWeights: null,
  weights: {},
  openOnCanvas: null,
  viewing: null,
  backToClass: null,
  myPoints: [],
  editPoints: null,
  poolClass: null,
  poolNote: null,
  poolShape: PLANE,
  poolRefused: null,
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
