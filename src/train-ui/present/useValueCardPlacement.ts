/**
 * In an animation, presented or not, the value cards are moved beside the wires they describe so
 * that none lies on a box, on another card or on the caption, and each stays on the canvas
 * (cardPlacement.ts chooses the places).
 * The cards are React Flow's edge labels, drawn by the editor; this moves them with the CSS
 * `translate` property, which their own `transform` leaves alone, and places them again whenever
 * anything the placement reads has changed (cardPlacement.ts, `layoutKey`): the view, the pane,
 * the caption, a box, a card's wire or its size. Leaving puts every card back.
 */
import { useEffect } from 'react';
import { animationMarks } from '../../editor/canvas/animationMarks';
import { type CardLayout, layoutKey, placeLayout, type Rect } from './cardPlacement';

const CARDS = 'main.canvas button.wire-value';
/** How far from its wire a card may go, in screen pixels: further, it would not be read as the wire's. */
const REACH = 320;

const rectOf = (e: Element): Rect => {
  const r = e.getBoundingClientRect();
  return { x: r.left, y: r.top, width: r.width, height: r.height };
};

/** The wire whose card or line the pointer was last on: its card is never left out. */
let pointed: string | null = null;
/** The wire whose line the pointer is on, and since when (performance.now()). */
let onLine: { wire: string | null; since: number } = { wire: null, since: 0 };
/** How long the pointer rests on a line before its card, if left out, comes back. */
const DWELL_MS = 300;

/** The shift each card was given, in the drawing's units, so that its home can be read back without undoing it. */
const shifts = new WeakMap<HTMLElement, { dx: number; dy: number }>();

function reset(cards: HTMLElement[]): void {
  for (const c of cards) {
    c.style.translate = '';
    c.style.visibility = '';
    shifts.delete(c);
  }
}

/** The cards (the card at work first) and what the placement reads, as the screen shows them now. */
function measure(): { els: HTMLElement[]; layout: CardLayout } | null {
  // the drawing's pane: not the term bar under it
  const canvas = document.querySelector('main.canvas .react-flow') ?? document.querySelector('main.canvas');
  const viewport = document.querySelector<HTMLElement>('main.canvas .react-flow__viewport');
  if (!canvas || !viewport) return null;
  const zoom = new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a || 1;
  // the cards' type is sized on the screen, whatever the zoom (present.css)
  const root = document.documentElement.style;
  if (root.getPropertyValue('--present-zoom') !== String(zoom)) root.setProperty('--present-zoom', String(zoom));
  const els = Array.from(document.querySelectorAll<HTMLElement>(CARDS));
  // the cards the user asked for first (the wire pinned, then the card or wire under the pointer): they
  // are never hidden; then the card at work: it keeps the place nearest its wire
  const pinned = animationMarks.getState().pinned;
  // the card or wire last under the pointer: a card left out comes back when its wire is pointed
  // at, and stays while the pointer goes from the line to the card to press it
  // — at once for a card, after the pointer has rested on a line for DWELL_MS, as a tooltip comes,
  // so that a quick click on a line does not bring its card up under the pointer before the press
  const line = document.querySelector('main.canvas .react-flow__edge:hover')?.getAttribute('data-id') ?? null;
  if (line !== onLine.wire) onLine = { wire: line, since: performance.now() };
  const hovered =
    (line !== null && performance.now() - onLine.since >= DWELL_MS ? line : undefined) ??
    els.find((el) => el.matches(':hover'))?.dataset.wire;
  if (hovered) pointed = hovered;
  const rank = (el: HTMLElement) =>
    (el.dataset.wire === pinned ? 4 : 0) +
    (el.dataset.wire === pointed ? 2 : 0) +
    (el.classList.contains('wire-value-lit') ? 1 : 0);
  els.sort((a, b) => rank(b) - rank(a));
  const cards = els.map((el) => {
    const r = rectOf(el);
    const s = shifts.get(el) ?? { dx: 0, dy: 0 };
    return {
      lit: el.classList.contains('wire-value-lit'),
      must: rank(el) >= 2,
      home: { x: r.x - s.dx * zoom, y: r.y - s.dy * zoom, width: r.width, height: r.height },
    };
  });
  const boxes = Array.from(document.querySelectorAll('main.canvas .react-flow__node'), rectOf);
  const caption = Array.from(document.querySelectorAll('main.canvas .anim-panel'), rectOf);
  return { els, layout: { zoom, bounds: rectOf(canvas), obstacles: boxes, above: caption, cards } };
}

function place(els: HTMLElement[], layout: CardLayout): void {
  placeLayout(layout, REACH).forEach((p, i) => {
    const el = els[i];
    if (p.hidden) {
      el.style.visibility = 'hidden';
      el.style.translate = '';
      shifts.delete(el);
    } else {
      el.style.visibility = '';
      el.style.translate = `${p.dx}px ${p.dy}px`;
      shifts.set(el, { dx: p.dx, dy: p.dy });
    }
  });
}

export function useValueCardPlacement(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    let last = '';
    let frame = requestAnimationFrame(function tick() {
      // Nothing moves while the pointer is on a card: the card it is on stays under it for the
      // press (placing it again as it became the card pointed at could move it between the
      // pointer's arrival and the press, which then pressed nothing).
      const under = document.querySelector<HTMLElement>(`${CARDS}:hover`);
      if (under) {
        pointed = under.dataset.wire ?? pointed;
        frame = requestAnimationFrame(tick);
        return;
      }
      const now = measure();
      const key = now ? layoutKey(now.layout) : '';
      if (now && key !== last) place(now.els, now.layout);
      last = key;
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      reset(Array.from(document.querySelectorAll<HTMLElement>(CARDS)));
      pointed = null;
      onLine = { wire: null, since: 0 };
      document.documentElement.style.removeProperty('--present-zoom');
    };
  }, [on]);
}
