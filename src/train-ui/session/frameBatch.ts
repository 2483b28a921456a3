/**
 * A store's changes, with one kind batched: a worker's snapshots arrive up to 60 times a second,
 * and each store change re-renders the panel (at 60 a second it once left the canvas at 2 fps
 * while training), so a snapshot's patch waits for the next frame; every other change applies at
 * once, after what was waiting, so the order of changes holds. Each applied batch bumps `points`
 * (the charts redraw on it).
 */
import type { StoreApi } from 'zustand/vanilla';

/** The next animation frame in a page; ~16 ms later where there are no frames (Node, a worker). */
const nextFrame = (f: () => void): unknown =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(f) : setTimeout(f, 16);

export class FrameBatch<S extends { readonly points: number }> {
  /** The patch waiting for the next frame. */
  pending: Partial<S> | null = null;
  private frame: unknown = null;

  constructor(private readonly store: StoreApi<S>) {}

  /** Now, after what was waiting. */
  set(patch: Partial<S>): void {
    this.flush();
    this.store.setState(patch);
  }

  /** At the next frame, merged with whatever else arrives before it. */
  later(patch: Partial<S>): void {
    this.pending = { ...this.pending, ...patch };
    if (this.frame !== null) return;
    this.frame = nextFrame(() => {
      this.frame = null;
      this.flush();
    });
  }

  /** Forgets what was waiting (the run it came from is gone). */
  drop(): void {
    this.pending = null;
  }

  private flush(): void {
    const patch = this.pending;
    if (!patch) return;
    this.pending = null;
    this.store.setState({ ...patch, points: this.store.getState().points + 1 } as Partial<S>);
  }
}
