/**
 * Presentation mode, for a projector: the side panels hidden, large type on the canvas and in
 * the caption, and the keyboard steps the animation from anywhere on the page — → the next box,
 * ← the previous one, space plays or pauses, Escape leaves. A class on the page's root element;
 * the sizes are in animate.css.
 */
import { useEffect } from 'react';
import type { Player } from './player';

export const PRESENTING = 'presenting';

const typing = (t: EventTarget | null) => t instanceof HTMLElement && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName);

export function usePresentation(on: boolean, player: Player, leave: () => void): void {
  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    root.classList.add(PRESENTING);
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'ArrowRight') player.next();
      else if (e.key === 'ArrowLeft') player.previous();
      else if (e.key === ' ') player.toggle();
      else if (e.key === 'Escape') leave();
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      root.classList.remove(PRESENTING);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [on, player, leave]);
}
