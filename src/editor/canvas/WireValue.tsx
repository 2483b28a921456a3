/**
 * The value (or, on the way back, the change) an animated step carries on a wire: a heatmap
 * strip of its numbers, the first of them printed, and its shape. Pressing it pins the wire's
 * value and change open in the animation's panel.
 */
import { EdgeLabelRenderer } from '@xyflow/react';
import { memo } from 'react';
import { pinWire, type WireMark } from './animationMarks';

/** Blue for positive, red for negative, paler the nearer 0. */
const cellColour = (v: number) => {
  const a = Math.min(1, Math.abs(v));
  const [r, g, b] = v >= 0 ? [37, 99, 235] : [220, 38, 38];
  const mix = (c: number) => Math.round(255 + (c - 255) * (0.15 + 0.85 * a));
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
};

export const WireValue = memo(function WireValue({
  id,
  mark,
  x,
  y,
}: {
  id: string;
  mark: WireMark;
  x: number;
  y: number;
}) {
  const what = mark.pass === 'forward' ? 'value' : 'change';
  return (
    <EdgeLabelRenderer>
      <button
        type="button"
        className={`wire-value nodrag nopan wire-value-${mark.pass}${mark.lit ? ' wire-value-lit' : ''}`}
        style={{ transform: `translate(-50%, 0) translate(${x}px, ${y + 18}px)` }}
        data-wire={id}
        data-pass={mark.pass}
        aria-label={`${what} on wire ${id}: ${mark.text}${mark.summary ? `; ${mark.summary}` : ''}`}
        title="pin this wire's value and change"
        onClick={() => pinWire(id)}
      >
        <span className="wire-value-cells" aria-hidden="true">
          {mark.cells.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cells are positions of one tensor
            <span key={i} style={{ background: cellColour(v) }} />
          ))}
        </span>
        {/* only the wire at work prints its numbers: the others keep their strip, the drawing stays legible */}
        {mark.lit && <span className="wire-value-text">{mark.text}</span>}
        <span className="wire-value-shape">{mark.shape}</span>
      </button>
    </EdgeLabelRenderer>
  );
});
