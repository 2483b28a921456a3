/**
 * The canvas's map, bottom right: every box of the scope as a small rectangle, and the part of
 * the diagram in view as a frame. Drag on it to move the view there, scroll on it to zoom.
 *
 * Drawn so that a pan costs it nothing: the boxes' picture (an SVG whose viewBox is the boxes'
 * bounds) changes only when a box moves or is added; the frame is a layer of its own moved by a
 * transform. React Flow's MiniMap fitted its viewBox to the boxes *and* the view, so each pan
 * step drew all of its rectangles again — 15% of a pan frame of a 300-box diagram on a machine
 * without a GPU (bench/README.md, "Frames while training").
 */
import { type InternalNode, Panel, type ReactFlowState, useReactFlow, useStore } from '@xyflow/react';
import { memo, type PointerEvent, useMemo, useRef, type WheelEvent } from 'react';

const WIDTH = 150;
const HEIGHT = 90;
/** Around the boxes' bounds, in canvas units. */
const MARGIN = 40;
/** A box not yet measured (not yet in view, on a big diagram) is drawn this size. */
const UNMEASURED = { width: 120, height: 36 };

interface Bounds {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

interface Drawn {
  /** Each box as [x, y, width, height], canvas units. */
  readonly rects: readonly (readonly number[])[];
  readonly bounds: Bounds;
}

function drawnOf(nodes: readonly InternalNode[]): Drawn {
  const rects = nodes
    .filter((n) => !n.hidden)
    .map((n) => {
      const p = n.internals.positionAbsolute;
      return [
        p.x,
        p.y,
        n.measured.width ?? n.width ?? UNMEASURED.width,
        n.measured.height ?? n.height ?? UNMEASURED.height,
      ];
    });
  if (rects.length === 0) return { rects, bounds: { x: -MARGIN, y: -MARGIN, width: 2 * MARGIN, height: 2 * MARGIN } };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y, w, h] of rects) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + w);
    y1 = Math.max(y1, y + h);
  }
  return {
    rects,
    bounds: { x: x0 - MARGIN, y: y0 - MARGIN, width: x1 - x0 + 2 * MARGIN, height: y1 - y0 + 2 * MARGIN },
  };
}

/**
 * A store selector for the boxes' picture, worked out again only when one of React Flow's
 * internal nodes was replaced (it replaces a node's when the box moves, changes or is
 * measured): the store also changes at every pan step, and then the same picture is returned.
 */
function boxesSelector(): (s: ReactFlowState) => Drawn {
  let seen: InternalNode[] = [];
  let drawn = drawnOf(seen);
  const unchanged = (lookup: ReactFlowState['nodeLookup']): boolean => {
    if (lookup.size !== seen.length) return false;
    let i = 0;
    for (const n of lookup.values()) if (seen[i++] !== n) return false;
    return true;
  };
  return (s) => {
    if (unchanged(s.nodeLookup)) return drawn;
    seen = [...s.nodeLookup.values()];
    drawn = drawnOf(seen);
    return drawn;
  };
}

/** Canvas units to map pixels: the bounds fitted into the map, centred. */
function fitInto(b: Bounds) {
  const scale = Math.min(WIDTH / b.width, HEIGHT / b.height);
  return { scale, left: (WIDTH - b.width * scale) / 2, top: (HEIGHT - b.height * scale) / 2 };
}

const Boxes = memo(function Boxes({ rects, bounds }: Drawn) {
  const { scale, left, top } = fitInto(bounds);
  return (
    <svg
      className="canvas-map-boxes"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`${bounds.x - left / scale} ${bounds.y - top / scale} ${WIDTH / scale} ${HEIGHT / scale}`}
      aria-hidden="true"
    >
      {rects.map(([x, y, w, h], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rectangles have no identity but their place
        <rect key={i} x={x} y={y} width={w} height={h} rx={4} />
      ))}
    </svg>
  );
});

/**
 * The view's frame within the map (map pixels), cut to the map: zoomed out past the boxes (Fit
 * view on a wide diagram), the whole map is in view and the frame is its edge, never a line
 * drawn outside it.
 */
export function frameInMap(
  bounds: Bounds,
  view: { x: number; y: number; zoom: number },
  pane: { width: number; height: number },
) {
  const { scale, left, top } = fitInto(bounds);
  const x0 = left + (-view.x / view.zoom - bounds.x) * scale;
  const y0 = top + (-view.y / view.zoom - bounds.y) * scale;
  const x1 = x0 + (pane.width / view.zoom) * scale;
  const y1 = y0 + (pane.height / view.zoom) * scale;
  const x = Math.max(0, Math.min(WIDTH, x0));
  const y = Math.max(0, Math.min(HEIGHT, y0));
  return { x, y, width: Math.max(0, Math.min(WIDTH, x1) - x), height: Math.max(0, Math.min(HEIGHT, y1) - y) };
}

/** The view's frame: re-rendered at each pan step, and only it. */
function ViewFrame({ bounds }: { bounds: Bounds }) {
  const [tx, ty, zoom] = useStore((s) => s.transform);
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const f = frameInMap(bounds, { x: tx, y: ty, zoom }, { width, height });
  return (
    <div
      className="canvas-map-view"
      style={{ width: f.width, height: f.height, transform: `translate(${f.x}px, ${f.y}px)` }}
    />
  );
}

export function CanvasMap() {
  const select = useMemo(boxesSelector, []);
  const { rects, bounds } = useStore(select);
  const flow = useReactFlow();
  const dragging = useRef(false);

  /** Centres the view on the canvas point under the pointer, at the zoom it has. */
  const moveTo = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const { scale, left, top } = fitInto(bounds);
    const x = bounds.x + (e.clientX - box.left - left) / scale;
    const y = bounds.y + (e.clientY - box.top - top) / scale;
    void flow.setCenter(x, y, { zoom: flow.getZoom() });
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
    moveTo(e);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(e);
  };
  const onPointerUp = () => {
    dragging.current = false;
  };
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (e.deltaY < 0) void flow.zoomIn();
    else if (e.deltaY > 0) void flow.zoomOut();
  };

  return (
    <Panel position="bottom-right" className="react-flow__minimap canvas-map nowheel">
      <div
        className="canvas-map-area"
        role="img"
        aria-label="Map of the diagram: drag on it to move the view, scroll on it to zoom"
        style={{ width: WIDTH, height: HEIGHT }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={onWheel}
      >
        <Boxes rects={rects} bounds={bounds} />
        <ViewFrame bounds={bounds} />
      </div>
    </Panel>
  );
}
