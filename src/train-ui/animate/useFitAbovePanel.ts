/**
 * While a step is animated, its panel covers the lower part of the canvas — or, on a low and
 * wide canvas (1280×720 with the panels on their rails), its right side, where it can be as
 * tall as the canvas and its caption read whole (docs/screen.md); the drawing is kept in the
 * band it leaves free. When a traced step is shown, a drawing that fits that band at an
 * overview zoom is framed whole, so every box and every wire's value chip can be seen and
 * pressed without panning; a larger one (MNIST's) keeps the user's zoom, and at each frame the
 * canvas pans to bring the boxes at work, and the wires they light, into the band (zooming out
 * when they do not fit it). When the boxes at work with the wires they light do not fit the band
 * at the overview zoom, the boxes at work alone are framed (the opening frame's givens: XOR's
 * read at 0.6 at 1280×720); boxes at work that do not fit it either frame the whole drawing,
 * below the overview zoom if it takes that: a box at work is never cut by the canvas's edge; the
 * next frame whose boxes fit the band comes back to the overview zoom, so reading resumes. It frames
 * again when the pane changes size (presentation mode hides the side panels) and when the panel
 * grows taller than it has been for this step (the optimiser's table); never for a panel that
 * shrinks, so the drawing does not jump from box to box. Each framing, once the view has come to
 * rest, counts as a Fit view: the legend folds if it now lies on a box (editor/canvas/WireLegend.tsx).
 * A card laid over the band (a lesson's: editor/canvas/canvasCards.ts) is room taken too: the
 * boxes framed go beside it, never under it, zooming out for that frame if it takes it
 * (clearOfCards.ts; docs/lessons.md).
 * Closed, the view goes back to where it was before the animation framed it, unless the user
 * moved it since its last framing: the band beside the panel had left the drawing in a corner,
 * half of it past the canvas's edge, with the panel's room empty beside it.
 */
import { type Rect, useReactFlow, useStore, type Viewport } from '@xyflow/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { animationMarks } from '../../editor/canvas/animationMarks';
import { cardRects, useCanvasCardsKey } from '../../editor/canvas/canvasCards';
import { useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import { cardsOnBand, frameClear } from './clearOfCards';

/** Room under the lowest box for its wires' value chips, which hang below each wire. */
const CHIP_ROOM = 44;
const MARGIN = 16;
/**
 * Below this zoom a whole drawing is not framed, nor the boxes at work zoomed out to: their
 * names could not be read on a projected 1280×720 screen (docs/screen.md).
 */
export const OVERVIEW_ZOOM = 0.6;
const MAX_ZOOM = 1.25;

export type Dock = 'bottom' | 'side';
/** A canvas lower than this, and at least `SIDE_MIN_WIDTH` wide, has the panel at its side. */
const SIDE_BELOW_HEIGHT = 560;
const SIDE_MIN_WIDTH = 900;

/** Where the panel goes on a pane `width`×`height`: at the side of a low, wide canvas, else at the bottom. */
export function dockFor(width: number, height: number): Dock {
  return height < SIDE_BELOW_HEIGHT && width >= SIDE_MIN_WIDTH ? 'side' : 'bottom';
}

/** The dock for the canvas's size now. */
export function usePanelDock(): Dock {
  return useStore((s) => dockFor(s.width, s.height));
}

/**
 * The padding, in pixels, that frames the drawing beside a panel `size` tall at the canvas's
 * bottom (or `size` wide at its right side).
 */
export function paddingAbovePanel(size: number, dock: Dock = 'bottom') {
  // React Flow reads a bare number as a share of the pane: say pixels
  const px = (n: number) => `${Math.round(n)}px` as const;
  return dock === 'side'
    ? { top: px(MARGIN), left: px(MARGIN), right: px(size + 2 * MARGIN), bottom: px(MARGIN + CHIP_ROOM) }
    : { top: px(MARGIN), left: px(MARGIN), right: px(MARGIN), bottom: px(size + MARGIN + CHIP_ROOM) };
}

/** The free band of a pane `width`×`height` beside a panel `size` tall at the bottom (or wide at the side), in screen pixels. */
export function freeBand(width: number, height: number, size: number, dock: Dock = 'bottom') {
  return dock === 'side'
    ? { left: MARGIN, top: MARGIN, right: width - size - 2 * MARGIN, bottom: height - MARGIN - CHIP_ROOM }
    : { left: MARGIN, top: MARGIN, right: width - MARGIN, bottom: height - size - MARGIN - CHIP_ROOM };
}

/** The zoom that frames `bounds` whole in `band`. */
export function zoomToFit(bounds: Rect, band: ReturnType<typeof freeBand>): number {
  const w = Math.max(1, bounds.width);
  const h = Math.max(1, bounds.height);
  return Math.min((band.right - band.left) / w, (band.bottom - band.top) / h);
}

/**
 * The viewport that puts `bounds` (flow coordinates) in the middle of `band`, or null when it is
 * in the band already. It keeps the zoom, unless the bounds do not fit the band at it (the
 * optimiser above the parameters and the model below them): then it zooms out just enough,
 * never in.
 */
export function panInto(bounds: Rect, band: ReturnType<typeof freeBand>, at: { x: number; y: number; zoom: number }) {
  const fit = zoomToFit(bounds, band);
  const v = fit < at.zoom ? { ...at, zoom: fit } : at;
  const left = bounds.x * v.zoom + v.x;
  const top = bounds.y * v.zoom + v.y;
  const right = left + bounds.width * v.zoom;
  const bottom = top + bounds.height * v.zoom;
  const inside = left >= band.left && top >= band.top && right <= band.right && bottom <= band.bottom;
  if (inside && v.zoom === at.zoom) return null;
  const cx = (band.left + band.right) / 2;
  const cy = (band.top + band.bottom) / 2;
  return {
    x: cx - (bounds.x + bounds.width / 2) * v.zoom,
    y: cy - (bounds.y + bounds.height / 2) * v.zoom,
    zoom: v.zoom,
  };
}

/**
 * What a frame brings into the band: the first of `tries` (the boxes at work with the boxes at
 * the other ends of the wires they light; the boxes at work alone) that the band holds at the
 * overview zoom, else the whole drawing (`whole: true`), below that zoom if it takes it. XOR's
 * opening frame at 1280×720 lights its givens, whose wires reach the loss: with it they needed
 * 0.45, and the view came back to 0.6 a frame later; the givens alone read at 0.6 from the start.
 */
export function frameBounds(
  tries: readonly Rect[],
  drawing: () => Rect,
  band: ReturnType<typeof freeBand>,
): { bounds: Rect; whole: boolean } {
  const fits = tries.find((r) => zoomToFit(r, band) >= OVERVIEW_ZOOM);
  return fits ? { bounds: fits, whole: false } : { bounds: drawing(), whole: true };
}

/** The viewport that puts `bounds` in the middle of `band` at `zoom`. */
export function centreIn(bounds: Rect, band: ReturnType<typeof freeBand>, zoom: number) {
  return {
    x: (band.left + band.right) / 2 - (bounds.x + bounds.width / 2) * zoom,
    y: (band.top + band.bottom) / 2 - (bounds.y + bounds.height / 2) * zoom,
    zoom,
  };
}

/** The tallest (docked at the side: the widest) the panel has been since `shown` changed, in whole pixels. */
function useTallest(panel: RefObject<HTMLElement | null>, shown: unknown, dock: Dock): number {
  const [tallest, setTallest] = useState(0);
  useEffect(() => {
    setTallest(0);
    const el = panel.current;
    if (!shown || !el) return;
    const grow = () => setTallest((t) => Math.max(t, Math.ceil(dock === 'side' ? el.offsetWidth : el.offsetHeight)));
    grow();
    const watch = new ResizeObserver(grow);
    watch.observe(el);
    return () => watch.disconnect();
  }, [panel, shown, dock]);
  return tallest;
}

/** The same view, but for the rounding a transition leaves. */
export function sameView(a: Viewport, b: Viewport): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.zoom - b.zoom) < 1e-4;
}

/**
 * `lit`: the drawn boxes at work in the frame shown; `closed`: the panel is closed (not merely
 * hiding its step while presented), and the view it framed goes back.
 */
export function useFitAbovePanel(
  panel: RefObject<HTMLElement | null>,
  shown: unknown,
  lit: readonly string[],
  dock: Dock = 'bottom',
  closed = false,
): void {
  const flow = useReactFlow();
  const editor = useEditorStoreApi();
  // React Flow frames with the pane size it last measured: wait for that, not for the DOM
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const tallest = useTallest(panel, shown, dock);
  const domNode = useStore((s) => s.domNode);
  // a card laid over the canvas (a lesson's) that comes, goes or moves: frame around it again
  const cardsKey = useCanvasCardsKey();
  const litKey = lit.join(' ');
  /** The zoom this animation set below the overview zoom, while it is still the view's. */
  const shrunk = useRef<number | null>(null);
  /** The view before this animation first framed the drawing, and the view its last framing left. */
  const before = useRef<Viewport | null>(null);
  const framed = useRef<Viewport | null>(null);

  useEffect(() => {
    if (shown && before.current === null) before.current = flow.getViewport();
  }, [flow, shown]);

  // closed: back to the view before, when nobody moved the one the animation left
  useEffect(() => {
    if (!closed) return;
    const [was, left] = [before.current, framed.current];
    before.current = null;
    framed.current = null;
    if (was && left && sameView(flow.getViewport(), left))
      void flow.setViewport(was, { duration: 200 }).then(() => framedAgain(editor));
  }, [flow, editor, closed]);

  // the whole drawing, when it can be read framed whole
  // biome-ignore lint/correctness/useExhaustiveDependencies: a card that comes, goes or moves (cardsKey) frames again
  useEffect(() => {
    if (!shown || !tallest || !width || !height) return;
    const frame = requestAnimationFrame(() => {
      const bounds = flow.getNodesBounds(flow.getNodes());
      const band = freeBand(width, height, tallest, dock);
      const zoom = zoomToFit(bounds, band);
      if (zoom < OVERVIEW_ZOOM) return;
      const done = () => {
        framed.current = flow.getViewport();
        framedAgain(editor);
      };
      // a card on the band (a lesson's): the whole drawing beside it, if it is readable there
      const cards = cardsOnBand(paneCards(domNode), band);
      if (cards.length > 0) {
        const boxes = flow.getNodes().map((n) => flow.getNodesBounds([n]));
        const at = flow.getViewport();
        const to = frameClear(boxes, bounds, band, cards, at, Math.min(MAX_ZOOM, zoom));
        if (to === null) return done();
        if (to.zoom >= OVERVIEW_ZOOM) return void flow.setViewport(to).then(done);
      }
      void flow
        .fitView({ padding: paddingAbovePanel(tallest, dock), maxZoom: MAX_ZOOM, minZoom: OVERVIEW_ZOOM })
        .then(done);
    });
    return () => cancelAnimationFrame(frame);
  }, [flow, editor, domNode, shown, width, height, tallest, dock, cardsKey]);

  // the boxes at work and the wires they light, always in the band
  // biome-ignore lint/correctness/useExhaustiveDependencies: a card that comes, goes or moves (cardsKey) frames again
  useEffect(() => {
    if (!shown || !tallest || !width || !height || !litKey) return;
    const frame = requestAnimationFrame(() => {
      const ids = new Set(litKey.split(' '));
      for (const [wire, mark] of Object.entries(animationMarks.getState().wires)) {
        const edge = mark.lit ? flow.getEdge(wire) : undefined;
        if (edge) ids.add(edge.source).add(edge.target);
      }
      const known = [...ids].filter((id) => flow.getInternalNode(id));
      const atWork = litKey.split(' ').filter((id) => flow.getInternalNode(id));
      if (known.length === 0) return;
      const band = freeBand(width, height, tallest, dock);
      const work = flow.getNodesBounds(known);
      const { bounds, whole } = frameBounds(
        [work, atWork.length ? flow.getNodesBounds(atWork) : work],
        () => flow.getNodesBounds(flow.getNodes()),
        band,
      );
      const at = flow.getViewport();
      // Zoomed below the overview by this animation for a frame that needed the whole drawing
      // (or the room a card leaves): the next frame whose boxes fit comes back to a readable
      // zoom (never past it).
      const back = !whole && shrunk.current !== null && Math.abs(at.zoom - shrunk.current) < 1e-6;
      let to: Viewport | null = back ? centreIn(bounds, band, OVERVIEW_ZOOM) : panInto(bounds, band, at);
      // a card on the band (a lesson's): the boxes framed lie beside it, not under it
      const cards = cardsOnBand(paneCards(domNode), band);
      let byCard = false;
      if (cards.length > 0) {
        const framedIds = whole ? atWork : bounds === work ? known : atWork;
        const boxes = (framedIds.length ? framedIds : known).map((id) => flow.getNodesBounds([id]));
        const want = to ?? at;
        const beside = frameClear(boxes, bounds, band, cards, want, want.zoom);
        if (beside) {
          byCard = Math.abs(beside.zoom - want.zoom) > 1e-6;
          to = beside;
        }
      }
      // zoomed out by this animation (not the user's zoom kept): the next frame tries 0.6 again
      const lowered = to !== null && to.zoom < OVERVIEW_ZOOM && (whole || byCard || back);
      shrunk.current = lowered && to ? to.zoom : back ? null : shrunk.current;
      if (to)
        void flow.setViewport(to, { duration: 200 }).then(() => {
          framed.current = flow.getViewport();
          framedAgain(editor);
        });
    });
    return () => cancelAnimationFrame(frame);
  }, [flow, editor, domNode, shown, width, height, tallest, litKey, dock, cardsKey]);
}

/** The cards laid over the canvas, in the pane's pixels (those of the band). */
function paneCards(pane: Element | null): Rect[] {
  if (!pane) return [];
  const at = pane.getBoundingClientRect();
  return cardRects().map((c) => ({ ...c, x: c.x - at.x, y: c.y - at.y }));
}

/** The view was framed: what looks again after a Fit view (the legend) looks again. */
function framedAgain(editor: ReturnType<typeof useEditorStoreApi>): void {
  editor.getState().setView({ framed: editor.getState().framed + 1 });
}
