/**
 * The animation's player: the traced step it holds, the frame shown, the example followed,
 * playing or not and how fast. Every change is written to the canvas's marks at once
 * (editor/canvas/animationMarks), so the drawing always shows the frame the panel names.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { animationMarks, clearAnimationMarks } from '../../editor/canvas/animationMarks';
import { marksAt } from './marks';
import type { TracedStep } from './stepTrace';

export type PlayerStatus = 'idle' | 'waiting' | 'ready' | 'error';

export interface PlayerState {
  readonly status: PlayerStatus;
  readonly message: string | null;
  readonly traced: TracedStep | null;
  readonly index: number;
  readonly playing: boolean;
  /** Boxes a second. */
  readonly speed: number;
  readonly example: number;
}

export const SPEEDS: readonly number[] = [0.5, 1, 2, 4];

const initial: PlayerState = {
  status: 'idle',
  message: null,
  traced: null,
  index: 0,
  playing: false,
  speed: 1,
  example: 0,
};

export class Player {
  readonly store: StoreApi<PlayerState> = createStore<PlayerState>(() => initial);
  private timer: ReturnType<typeof setTimeout> | null = null;

  get state(): PlayerState {
    return this.store.getState();
  }

  private set(patch: Partial<PlayerState>): void {
    this.store.setState(patch);
    this.paint();
  }

  /** The canvas shows the frame and example the player is at. */
  private paint(): void {
    const { traced, index, example, status } = this.state;
    if (status !== 'ready' || !traced) return;
    animationMarks.setState(marksAt(traced, index, example));
  }

  waiting(): void {
    this.stop();
    this.set({ status: 'waiting', message: null });
  }

  failed(message: string): void {
    this.stop();
    this.set({ status: 'error', message });
  }

  load(traced: TracedStep): void {
    this.stop();
    const example = Math.min(this.state.example, traced.batch - 1);
    this.set({ status: 'ready', message: null, traced, index: 0, example });
  }

  /**
   * More values of the step shown arrived (an opened wire, another example's rows): merged into
   * it, frame and example kept. Values of a step no longer shown are dropped.
   */
  fill(origin: TracedStep['origin'], merge: (t: TracedStep) => TracedStep): void {
    const { traced, status } = this.state;
    if (!traced || traced.origin !== origin || status !== 'ready') return;
    this.set({ traced: merge(traced) });
  }

  get last(): number {
    return (this.state.traced?.timeline.frames.length ?? 1) - 1;
  }

  go(index: number): void {
    this.set({ index: Math.min(Math.max(0, Math.round(index)), this.last) });
  }

  next(): void {
    this.go(this.state.index + 1);
  }

  previous(): void {
    this.go(this.state.index - 1);
  }

  play(): void {
    if (this.state.status !== 'ready') return;
    if (this.state.index >= this.last) this.go(0);
    this.set({ playing: true });
    this.tick();
  }

  pause(): void {
    this.stop();
    this.set({ playing: false });
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: number): void {
    this.set({ speed });
  }

  follow(example: number): void {
    const batch = this.state.traced?.batch ?? 1;
    this.set({ example: Math.min(Math.max(0, Math.round(example)), batch - 1) });
  }

  /** Back to nothing shown: the canvas loses its marks. */
  close(): void {
    this.stop();
    this.store.setState({ ...initial, speed: this.state.speed });
    clearAnimationMarks();
  }

  private tick(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.state.playing) return;
      if (this.state.index >= this.last) {
        this.set({ playing: false });
        return;
      }
      this.next();
      this.tick();
    }, 1000 / this.state.speed);
  }

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
