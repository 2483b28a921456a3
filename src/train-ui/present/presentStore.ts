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
}

export const presentStore = createStore<PresentState>(() => ({ showing: null, fullscreen: false }));

export function present(what: Shown): void {
  presentStore.setState({ showing: what });
  const root = document.documentElement;
  if (document.fullscreenElement || typeof root.requestFullscreen !== 'function') return;
  root.requestFullscreen().then(
    () => presentStore.setState({ fullscreen: true }),
    () => presentStore.setState({ fullscreen: false }),
  );
}

export function leavePresentation(): void {
  const { fullscreen } = presentStore.getState();
  presentStore.setState({ showing: null, fullscreen: false });
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
