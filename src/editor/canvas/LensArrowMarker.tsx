/**
 * The arrowhead of the backward strands in lens view (an SVG marker the wires refer to), sized in
 * the canvas's units: a strand lit by the animation, drawn thicker, keeps the same arrowhead.
 */
export function LensArrowMarker() {
  return (
    <svg className="lens-marker-defs" aria-hidden="true" width="0" height="0">
      <defs>
        <marker
          id="lens-back-arrow"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerUnits="userSpaceOnUse"
          markerWidth="9"
          markerHeight="9"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--backward)" />
        </marker>
      </defs>
    </svg>
  );
}
