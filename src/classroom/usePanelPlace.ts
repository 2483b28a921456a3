/**
 * Where the lesson panel goes, measured on the screen: the highlighted boxes, wires and ports,
 * the canvas's own controls, the notice, the panel's size. Measured again after every render (a
 * pan or a zoom re-renders the panel through React Flow's transform, a notice through the
 * store) and when the window resizes. When
 * a step begins with its boxes out of sight, the view moves to show them.
 */
import { type ReactFlowInstance, useStore as useFlowStore } from '@xyflow/react';
import { type CSSProperties, type RefObject, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { setCanvasCard } from '../editor/canvas/canvasCards';
import { useNotice } from '../editor/store/hooks';
import type { Highlight } from '../io/lessonSchema';
import { highlightSelectors } from './highlightCss';
import { CORNERS, type Corner, chooseCorner, clearance, freeArea, overlap, panelAt, type Rect } from './placement';

const MARGINS = { top: 10, right: 10, bottom: 10, left: 10 };
/** The canvas's own controls: the panel never covers them. */
const FIXED = '.react-flow__minimap, .react-flow__controls';
/** What the panel should not cover either, when it can help it. */
const OBSTACLES = '.anim-panel, .notice > *, .empty-canvas, .missing-output';
/** Panels that may lie over a whole edge of the canvas: the card goes beside them (placement.ts, `freeArea`). */
const DOCKABLE = '.anim-panel, aside.inspector-drawer';

const rectOf = (e: Element): Rect => {
  const r = e.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};
const inside = (r: Rect, a: Rect) =>
  r.x >= a.x && r.y >= a.y && r.x + r.width <= a.x + a.width && r.y + r.height <= a.y + a.height;

export function usePanelPlace(
  ref: RefObject<HTMLElement | null>,
  highlight: Highlight,
  flow: ReactFlowInstance,
): CSSProperties {
  useFlowStore((s) => s.transform);
  // a notice that comes or goes after the panel was placed is an obstacle to place it around again
  useNotice();
  const [, remeasure] = useReducer((n: number) => n + 1, 0);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  // The step whose highlight the drawing last made way for: once a step, so a drag is never chased.
  const cleared = useRef<string | null>(null);
  // The corner the card took in the free area it had (its key): while a step is animated it stays
  // there, and the animation's camera frames the boxes at work beside it (canvasCards.ts).
  const kept = useRef<{ corner: Corner; area: string } | null>(null);
  const key = JSON.stringify(highlight);

  useEffect(() => {
    window.addEventListener('resize', remeasure);
    // the inspector coming out as a drawer over the canvas (a click on a box) re-renders no lesson
    const inspector = document.querySelector('aside.inspector');
    const watch = new ResizeObserver(() => remeasure());
    if (inspector) watch.observe(inspector);
    return () => {
      window.removeEventListener('resize', remeasure);
      watch.disconnect();
      setCanvasCard('lesson', null);
    };
  }, []);

  // A step whose boxes are out of sight moves the view to them (once, when the step begins).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the highlight is compared by its key
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const pane = document.querySelector('main .react-flow');
      if (!pane) return;
      const area = rectOf(pane);
      const hidden = highlightSelectors(highlight).some((sel) => {
        const e = document.querySelector(sel);
        return !e || !inside(rectOf(e), area);
      });
      const boxes = [...highlight.boxes, ...highlight.ports.map((p) => p.split('.')[0])];
      if (hidden && boxes.length > 0)
        void flow.fitView({ nodes: boxes.map((id) => ({ id })), padding: 0.5, maxZoom: 1.1 });
    });
    return () => cancelAnimationFrame(frame);
  }, [key, flow]);

  useLayoutEffect(() => {
    const panel = ref.current;
    const main = panel?.parentElement;
    const pane = main?.querySelector('.react-flow');
    if (!panel || !main || !pane) return;
    const size = { width: panel.offsetWidth, height: panel.offsetHeight };
    const area = freeArea(rectOf(pane), [...document.querySelectorAll(DOCKABLE)].map(rectOf), size, MARGINS);
    const targets = highlightSelectors(highlight).flatMap((sel) => [...document.querySelectorAll(sel)].map(rectOf));
    const obstacles = [...main.querySelectorAll(OBSTACLES)].map(rectOf);
    const fixed = [...main.querySelectorAll(FIXED)].map(rectOf);
    const boxes = [...pane.querySelectorAll('.react-flow__node')].map(rectOf);
    // First a place clear of the canvas's controls; if a highlight is under it and the drawing
    // cannot make way, the place that covers the least highlight. Among equals, the fewest boxes.
    let corner = chooseCorner(area, size, targets, obstacles, MARGINS, fixed, false, boxes);
    // While a step is animated the camera moves the drawing at every frame and keeps the boxes at
    // work clear of the card: the card stays where it is, read in one place, unless it would lie
    // on the canvas's controls or on what the step rings (docs/lessons.md).
    const animating = main.querySelector('.anim-panel') !== null;
    const areaKey = [area.x, area.y, area.width, area.height, size.width, size.height].map(Math.round).join(',');
    if (animating && kept.current?.area === areaKey && kept.current.corner !== corner) {
      const was = panelAt(kept.current.corner, area, size, MARGINS);
      if (![...fixed, ...targets].some((r) => overlap(was, r) > 0)) corner = kept.current.corner;
    }
    kept.current = { corner, area: areaKey };
    let at = panelAt(corner, area, size, MARGINS);
    const covered = targets.some((t) => overlap(at, t) > 0);
    // a box it does not point at is not covered either: the drawing makes way for the panel when
    // it can, all of it moving together (docs/lessons.md)
    const onBox = boxes.some((b) => overlap(at, b) > 0);
    const avoid = [...obstacles, ...fixed];
    let dy = 0;
    // the animation's camera owns the view while a step is animated
    if (cleared.current !== key && !animating) {
      if (covered || onBox) dy = clearance(area, at, [...targets, ...boxes], avoid);
      if (dy === 0 && covered) dy = clearance(area, at, targets, avoid);
    }
    if (dy === 0 && covered) {
      // Another corner clear of the controls that covers no highlight, or under which the
      // drawing can make way; the controls are never covered (docs/lessons.md).
      for (const c of CORNERS) {
        const other = panelAt(c, area, size, MARGINS);
        if (fixed.some((f) => overlap(other, f) > 0)) continue;
        if (!targets.some((t) => overlap(other, t) > 0)) {
          at = other;
          kept.current = { corner: c, area: areaKey };
          break;
        }
        const move = cleared.current !== key ? clearance(area, other, targets, avoid) : 0;
        if (move !== 0) {
          at = other;
          kept.current = { corner: c, area: areaKey };
          dy = move;
          break;
        }
      }
    }
    if (dy !== 0) {
      cleared.current = key;
      const v = flow.getViewport();
      void flow.setViewport({ ...v, y: v.y + dy });
    }
    setCanvasCard('lesson', at);
    const outer = main.getBoundingClientRect();
    const next = { left: Math.round(at.x - outer.x), top: Math.round(at.y - outer.y) };
    if (!place || place.left !== next.left || place.top !== next.top) setPlace(next);
  });

  return place ?? { visibility: 'hidden' };
}
