/**
 * In an animation, presented or not, the value cards are moved beside the wires they describe so
 * that none lies on a box, on another card or on the caption, and each stays on the canvas
 * (cardPlacement.ts chooses the places).
 * The cards are React Flow's edge labels, drawn by the editor; this moves them with the CSS
 * `translate` property, which their own `transform` leaves alone, and places them again when
 * the view, the frame or the caption changes. Leaving puts every card back.
 */
import { useEffect } from 'react';
import { type Card, placeCards, type Rect } from './cardPlacement';

const CARDS = 'main.canvas button.wire-value';
/** How far from its wire a card may go, in screen pixels: further, it would not be read as the wire's. */
const REACH = 320;

const rectOf = (e: Element): Rect => {
  const r = e.getBoundingClientRect();
  return { x: r.left, y: r.top, width: r.width, height: r.height };
};

/** What the placement depends on, read cheaply every frame. */
function signature(): string {
  const view = document.querySelector<HTMLElement>('main.canvas .react-flow__viewport')?.style.transform ?? '';
  const cards = document.querySelectorAll(CARDS);
  const lit = document.querySelector(`${CARDS}.wire-value-lit`)?.getAttribute('data-wire') ?? '';
  const frame = document.querySelector('.anim-where')?.getAttribute('data-frame') ?? '';
  const caption = document.querySelector('main.canvas .anim-panel')?.getBoundingClientRect();
  const canvas = document.querySelector('main.canvas')?.getBoundingClientRect();
  // entering or leaving presentation hands the cards from one user of this hook to the other
  const presenting = document.documentElement.classList.contains('presenting');
  const at = [view, cards.length, lit, frame, caption?.top, caption?.left, caption?.height, caption?.width];
  return [...at, canvas?.width, canvas?.height, presenting].join('|');
}

function reset(cards: HTMLElement[]): void {
  for (const c of cards) {
    c.style.translate = '';
    c.style.visibility = '';
  }
}

function place(): void {
  // the drawing's pane: not the term bar under it
  const canvas = document.querySelector('main.canvas .react-flow') ?? document.querySelector('main.canvas');
  const viewport = document.querySelector<HTMLElement>('main.canvas .react-flow__viewport');
  if (!canvas || !viewport) return;
  const zoom = new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a || 1;
  // the cards' type is sized on the screen, whatever the zoom (present.css)
  document.documentElement.style.setProperty('--present-zoom', String(zoom));
  const els = Array.from(document.querySelectorAll<HTMLElement>(CARDS));
  reset(els);
  // the card at work first: it keeps the place nearest its wire
  els.sort((a, b) => Number(b.classList.contains('wire-value-lit')) - Number(a.classList.contains('wire-value-lit')));
  const home = new Map<string, { el: HTMLElement; rect: Rect }>();
  const cards: Card[] = els.map((el, i) => {
    const rect = rectOf(el);
    const id = `${i}`;
    home.set(id, { el, rect });
    return { id, anchor: { x: rect.x + rect.width / 2, y: rect.y - 4 }, width: rect.width, height: rect.height };
  });
  const boxes = Array.from(document.querySelectorAll('main.canvas .react-flow__node'), rectOf);
  const caption = Array.from(document.querySelectorAll('main.canvas .anim-panel'), rectOf);
  for (const p of placeCards(cards, [...boxes, ...caption], rectOf(canvas), REACH)) {
    const h = home.get(p.id);
    if (!h) continue;
    if (p.hidden) h.el.style.visibility = 'hidden';
    else h.el.style.translate = `${(p.rect.x - h.rect.x) / zoom}px ${(p.rect.y - h.rect.y) / zoom}px`;
  }
}

export function useValueCardPlacement(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    let last = '';
    let frame = requestAnimationFrame(function tick() {
      const now = signature();
      if (now !== last) {
        place();
        last = signature();
      }
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      reset(Array.from(document.querySelectorAll<HTMLElement>(CARDS)));
      document.documentElement.style.removeProperty('--present-zoom');
    };
  }, [on]);
}
