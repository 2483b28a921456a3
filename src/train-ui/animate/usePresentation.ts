/**
 * The animation presented to a class (docs/presenting.md): while the teacher presents it, the
 * keyboard steps it from anywhere on the page — → the next box, ← the previous one, space plays
 * or pauses. A frame the camera shows a place at a time (../present/framePlace.ts) is walked
 * through first. What is shown and hidden, Escape and the laser pointer belong to the presentation
 * itself (../present/usePresentLayer.ts).
 */
import { useEffect } from 'react';
import { enterFrame, stepPlace } from '../present/presentStore';
import { typing, usePresenting } from '../present/usePresentLayer';
import type { Player } from './player';

/** Whether the animation is being presented; while it is and a step is shown, the keys step it. */
export function usePresentation(player: Player, ready: boolean): boolean {
  const on = usePresenting() === 'animation';
  useEffect(() => {
    if (!on || !ready) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const frame = player.state.index;
      if (e.key === 'ArrowRight') {
        if (!stepPlace(frame, 1)) player.next();
      } else if (e.key === 'ArrowLeft') {
        if (!stepPlace(frame, -1)) player.previous();
        if (player.state.index !== frame) enterFrame(player.state.index, -1);
      } else if (e.key === ' ') player.toggle();
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [on, ready, player]);
  return on;
}
