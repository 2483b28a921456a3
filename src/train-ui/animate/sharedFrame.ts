/**
 * The animation's frame as another page sees it (docs/class.md#during-the-class): `shown` is the
 * frame this page's player shows (null when no step is shown), which a teacher presenting to a
 * class sends out; `follow` is a frame this page is told to show, which a student's player goes
 * to as soon as it has a step traced. Plain data: the player stays inside its panel.
 */
import { createStore } from 'zustand/vanilla';
import type { Player } from './player';

export interface SharedFrame {
  readonly shown: number | null;
  readonly follow: number | null;
}

export const sharedFrame = createStore<SharedFrame>(() => ({ shown: null, follow: null }));

/** Ties a player to the shared frame while its panel is open; returns the untying. */
export function shareFrames(player: Player): () => void {
  const follow = () => {
    const want = sharedFrame.getState().follow;
    if (want !== null && player.state.status === 'ready' && player.state.index !== Math.min(want, player.last))
      player.go(want);
  };
  const unPlayer = player.store.subscribe((s) => {
    const shown = s.status === 'ready' ? s.index : null;
    if (sharedFrame.getState().shown !== shown) sharedFrame.setState({ shown });
    follow();
  });
  const unFollow = sharedFrame.subscribe((s, prev) => {
    if (s.follow !== prev.follow) follow();
  });
  follow();
  return () => {
    unPlayer();
    unFollow();
    sharedFrame.setState({ shown: null });
  };
}
