/**
 * What the teacher presents (docs/presenting.md): nothing, the animation of a step, the lens
 * view, or a training run with its chart. Presenting asks the browser for fullscreen; when the
 * browser refuses (a page not allowed to, a headless browser), the presentation goes on in the
 * window. Leaving fullscreen by the browser's own Escape leaves the presentation too.
 */
import { createStore } from 'zustand/vanilla';

export const SHOWN = ['animation', 'lens', 'training'] as const;
export type Shown = (typeof SHOWN)[number];

export interface PresentState {
  readonly showing: Shown | null;
  /** The browser granted fullscreen for this presentation. */
  readonly fullscreen: boolean;
  /**
   * Someone else began this presentation on this page (a live class's teacher,
   * docs/class.md#during-the-class): the page shows whose it is and a way out, and asks for
   * fullscreen on a press, the browser allowing it only on a user's gesture.
   */
  readonly led: boolean;
  /** Where the camera is in a frame cut into places (presentCamera.ts, cameraStops). */
  readonly place: Place;
}

/**
 * The camera's place: the `at`-th of `of` places of frame `frame` (the lens view is frame 0).
 * `at` is −1 for the last place before the camera knows how many there are.
 */
export interface Place {
  readonly frame: number;
  readonly at: number;
  readonly of: number;
}

const FIRST: Place = { frame: 0, at: 0, of: 1 };

export const presentStore = createStore<PresentState>(() => ({
  showing: null,
  fullscreen: false,
  led: false,
  place: FIRST,
}));

/** Moves the camera to the next (1) or previous (−1) place of `frame`; false when there is none there. */
export function stepPlace(frame: number, by: 1 | -1): boolean {
  const { place } = presentStore.getState();
  const at = place.at + by;
  if (place.frame !== frame || place.at < 0 || at < 0 || at >= place.of) return false;
  presentStore.setState({ place: { ...place, at } });
  return true;
}

/** The camera comes to `frame` at its first place (0) or its last (−1). */
export const enterFrame = (frame: number, at: 0 | -1): void => presentStore.setState({ place: { frame, at, of: 1 } });

/** Asks the browser for fullscreen; true when granted (a page may ask only on a user's gesture). */
export async function goFullscreen(): Promise<boolean> {
  const root = document.documentElement;
  if (document.fullscreenElement) return true;
  if (typeof root.requestFullscreen !== 'function') return false;
  const granted = await root.requestFullscreen().then(
    () => true,
    () => false,
  );
  if (presentStore.getState().showing) presentStore.setState({ fullscreen: granted });
  return granted;
}

/** Presents `what`; `led` when someone else (a live class's teacher) begins it on this page. */
export function present(what: Shown, led = false): void {
  presentStore.setState({ showing: what, led, place: FIRST });
  void goFullscreen();
}

export function leavePresentation(): void {
  const { fullscreen } = presentStore.getState();
  presentStore.setState({ showing: null, fullscreen: false, led: false });
  if (fullscreen && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
}

/** Keeps the state true to the browser: fullscreen left by the browser ends the presentation. */
export function followFullscreen(): () => void {
  const onChange = () => {
    if (document.fullscreenElement) return;
    if (presentStore.getState().fullscreen) leavePresentation();
  };
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}
