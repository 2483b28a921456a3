/**
 * One training session per document (docs/training-panel.md, "Runs belong to their document"):
 * the shelf shows the open document's session and keeps the last few others as they were, so
 * going back to a document brings back its run — weights, views, charts. A session left behind
 * while it trains is paused (a class's machine trains one thing at a time); one holding an
 * opened model not played yet lets its worker go until it is shown again. Past `cap` kept
 * sessions the one shown longest ago is let go; its runs stay in the run book (../runs).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TrainSession } from './trainSession';

export interface Shown {
  readonly key: string;
  readonly session: TrainSession;
  /** Counts the sessions made, so a view can start afresh with each (React's `key`). */
  readonly serial: number;
}

export interface ShelfHooks {
  /** A session was made for `key`. */
  readonly made?: (session: TrainSession, key: string) => void;
  /** A session was made for `key` again after its last was let go: bring its last run back. */
  readonly back?: (session: TrainSession, key: string) => void;
  /** The user left `session`'s document (it stays kept). */
  readonly left?: (session: TrainSession, key: string) => void;
  /** `session` is let go: it is disposed once this has settled (its run kept, say). */
  readonly dropped?: (session: TrainSession, key: string) => Promise<unknown> | undefined;
}

export class SessionShelf {
  readonly shown: StoreApi<Shown>;
  /** Kept sessions, the one shown longest ago first. */
  private readonly kept = new Map<string, { session: TrainSession; serial: number }>();
  private serial = 0;
  /** Keys whose session was let go. */
  private readonly gone = new Set<string>();

  constructor(
    private readonly make: () => TrainSession,
    firstKey: string,
    private readonly hooks: ShelfHooks = {},
    private readonly cap = 4,
  ) {
    const first = this.create(firstKey);
    this.shown = createStore<Shown>(() => ({ key: firstKey, ...first }));
  }

  get session(): TrainSession {
    return this.shown.getState().session;
  }

  get key(): string {
    return this.shown.getState().key;
  }

  /** Shows the session of the document `key`, made afresh if none is kept. */
  show(key: string): TrainSession {
    if (key === this.key) return this.session;
    this.leave();
    const kept = this.kept.get(key);
    const found = kept ?? this.create(key);
    this.kept.delete(key);
    this.kept.set(key, found);
    this.shown.setState({ key, ...found });
    if (kept) found.session.wake();
    this.trim();
    if (!kept && this.gone.delete(key)) this.hooks.back?.(found.session, key);
    return found.session;
  }

  /** Whether a session is kept for `key` (shown or not). */
  has(key: string): boolean {
    return this.kept.has(key);
  }

  dispose(): void {
    for (const [key, { session }] of this.kept) this.drop(key, session);
    this.kept.clear();
  }

  private leave(): void {
    const { session, key } = this.shown.getState();
    if (session.state.phase === 'running' || session.state.phase === 'resuming') session.pause();
    session.makeWay(false);
    this.hooks.left?.(session, key);
    // an opened model not played yet lets its worker go until it is shown again
    session.rest();
  }

  private create(key: string): { session: TrainSession; serial: number } {
    const made = { session: this.make(), serial: ++this.serial };
    this.kept.set(key, made);
    this.hooks.made?.(made.session, key);
    return made;
  }

  private trim(): void {
    for (const [key, { session }] of this.kept) {
      if (this.kept.size <= this.cap) return;
      if (key === this.key) continue;
      this.kept.delete(key);
      this.gone.add(key);
      this.drop(key, session);
    }
  }

  private drop(key: string, session: TrainSession): void {
    const kept = this.hooks.dropped?.(session, key);
    if (kept) void kept.finally(() => session.dispose());
    else session.dispose();
  }
}
