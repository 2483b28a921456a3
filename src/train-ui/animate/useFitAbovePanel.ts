/**
 * While a step is animated, its panel covers the lower part of the canvas. When a traced step is
 * shown, the drawing is framed in the band the panel leaves free, so every box and every wire's
 * value chip can be seen and pressed without panning. It frames again when the pane changes size
 * (presentation mode hides the side panels) and when the panel grows taller than it has been for
 * this step (the optimiser's table); it never frames again for a panel that shrinks, so the
 * drawing does not jump from box to box.
 */
import { useReactFlow, useStore } from '@xyflow/react';
import { type RefObject, useEffect, useState } from 'react';

/** Room under the lowest box for its wires' value chips, which hang below each wire. */
const CHIP_ROOM = 44;
const MARGIN = 16;

/** The padding, in pixels, that frames the drawing above a panel `panelHeight` tall at the canvas's bottom. */
export function paddingAbovePanel(panelHeight: number) {
  // React Flow reads a bare number as a share of the pane: say pixels
  const px = (n: number) => `${Math.round(n)}px` as const;
  return { top: px(MARGIN), left: px(MARGIN), right: px(MARGIN), bottom: px(panelHeight + MARGIN + CHIP_ROOM) };
}

/** The tallest the panel has been since `shown` changed, in whole pixels. */
function useTallest(panel: RefObject<HTMLElement | null>, shown: unknown): number {
  const [tallest, setTallest] = useState(0);
  useEffect(() => {
    setTallest(0);
    const el = panel.current;
    if (!shown || !el) return;
    const grow = () => setTallest((t) => Math.max(t, Math.ceil(el.offsetHeight)));
    grow();
    const watch = new ResizeObserver(grow);
    watch.observe(el);
    return () => watch.disconnect();
  }, [panel, shown]);
  return tallest;
}

export function useFitAbovePanel(panel: RefObject<HTMLElement | null>, shown: unknown): void {
  const flow = useReactFlow();
  // React Flow frames with the pane size it last measured: wait for that, not for the DOM
  const pane = useStore((s) => `${s.width}x${s.height}`);
  const tallest = useTallest(panel, shown);
  useEffect(() => {
    if (!shown || !tallest || pane === '0x0') return;
    const frame = requestAnimationFrame(() => {
      void flow.fitView({ padding: paddingAbovePanel(tallest), maxZoom: 1.25, minZoom: 0.2 });
    });
    return () => cancelAnimationFrame(frame);
  }, [flow, shown, pane, tallest]);
}
