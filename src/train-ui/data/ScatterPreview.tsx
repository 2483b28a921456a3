/**
 * A 2-D dataset as a scatter plot on a canvas: equal scales on both axes, the axes through 0,
 * each point coloured by its class (or by its target, for regression).
 */
import { useEffect, useRef } from 'react';
import { classColour, colourName, rampColour } from './colours';
import type { DatasetPreview, PreviewView } from './previewData';
import { whiteCanvas } from './whiteCanvas';

type Points = Extract<PreviewView, { kind: 'points' }>;

export const PLOT_SIZE = 280;
const PAD = 10;

function extent(xy: Float32Array): number {
  let m = 1e-6;
  for (const v of xy) m = Math.max(m, Math.abs(v));
  return m * 1.05;
}

function range(values: Float32Array): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  return lo < hi ? [lo, hi] : [lo - 1, hi + 1];
}

function draw(canvas: HTMLCanvasElement, view: Points, classCount: number): void {
  const g = whiteCanvas(canvas, PLOT_SIZE, PLOT_SIZE);
  if (!g) return;
  const m = extent(view.xy);
  const half = (PLOT_SIZE - 2 * PAD) / 2;
  const at = (v: number, flip: boolean) => PLOT_SIZE / 2 + ((flip ? -v : v) / m) * half;
  g.strokeStyle = '#cbd5e1';
  g.beginPath();
  g.moveTo(PAD, at(0, true));
  g.lineTo(PLOT_SIZE - PAD, at(0, true));
  g.moveTo(at(0, false), PAD);
  g.lineTo(at(0, false), PLOT_SIZE - PAD);
  g.stroke();
  const [lo, hi] = classCount ? [0, 1] : range(view.value);
  const radius = view.value.length > 2000 ? 1.6 : 3;
  for (let i = 0; i < view.value.length; i++) {
    const v = view.value[i];
    g.fillStyle = classCount ? classColour(v, classCount) : rampColour((v - lo) / (hi - lo));
    g.beginPath();
    g.arc(at(view.xy[2 * i], false), at(view.xy[2 * i + 1], true), radius, 0, 2 * Math.PI);
    g.fill();
  }
}

export function describePoints(preview: DatasetPreview, view: Points): string {
  const shown = view.value.length < preview.rows ? `the first ${view.value.length} of ${preview.rows}` : preview.rows;
  const counts = preview.classCounts;
  const classes = preview.classes ?? [];
  const parts = counts
    ? counts.map((c, i) => `${c} ${classes[i]} (${colourName(i, classes.length)})`).join(', ')
    : 'coloured from orange (low target) to blue (high)';
  return `Scatter plot of ${shown} points, ${view.axes[0]} across and ${view.axes[1]} up: ${parts}`;
}

export function ScatterPreview({ preview, view }: { preview: DatasetPreview; view: Points }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const classCount = preview.classes?.length ?? 0;
  useEffect(() => {
    if (canvas.current) draw(canvas.current, view, classCount);
  }, [view, classCount]);
  return (
    <canvas
      ref={canvas}
      className="data-plot"
      role="img"
      aria-label={describePoints(preview, view)}
      style={{ width: PLOT_SIZE, height: PLOT_SIZE }}
    />
  );
}
