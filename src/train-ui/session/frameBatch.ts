/**
 * A store's changes, with one kind batched: a worker's snapshots arrive up to 60 times a second,
 * and each store change re-renders the panel (at 60 a second it once left the canvas at 2 fps
 * while training), so a snapshot's patch waits for a frame at least EVERY_MS after the last one
 * applied (a step counter changing faster than ~10 times a second cannot be read, and each change
 * costs a render and a repaint the canvas's own frames then wait for on a 2-core machine); every
 * other change applies at once, after what was waiting, so the order of changes holds. Each
 * applied batch bumps `points` (the charts redraw on it).
 */
import type { StoreApi } from 'zustand/vanilla';

/** The next animation frame in a page; ~16 ms later where there are no frames (Node, a worker). */
const nextFrame = (f: () => void): unknown =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(f) : setTimeout(f, 16);

/** The least time between two applied snapshot batches, ms. */
export const EVERY_MS = 100;

const now = (): number => (typeof performance === 'object' ? performance.now() : Date.now());

export class FrameBatch<S extends { readonly points: number }> {
  /** The patch waiting for the next frame. */
  pending: Partial<S> | null = null;
  private waiting = false;
  /** When the last snapshot batch was applied. */
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly store: StoreApi<S>) {}

  /** Now, after what was waiting. */
  set(patch: Partial<S>): void {
    this.flush();
    this.store.setState(patch);
  }

  /** At a frame EVERY_MS or more after the last batch, merged with whatever else arrives before it. */
  later(patch: Partial<S>): void {
    this.pending = { ...this.pending, ...patch };
    if (this.waiting) return;
    this.waiting = true;
    // A timer for the rest of EVERY_MS, not a frame after frame: asking for frames makes the page
    // draw them.
    const rest = EVERY_MS - (now() - this.last);
    const apply = () =>
      nextFrame(() => {
        this.waiting = false;
        this.flush();
      });
    if (rest > 0) setTimeout(apply, rest);
    else apply();
  }

  /** Forgets what was waiting (the run it came from is gone). */
  drop(): void {
    this.pending = null;
  }

  private flush(): void {
    const patch = this.pending;
    if (!patch) return;
    this.pending = null;
    this.last = now();
    this.store.setState({ ...patch, points: this.store.getState().points + 1 } as Partial<S>);
  }
}
