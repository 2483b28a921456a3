/**
 * A uPlot chart that follows its container's width and redraws at most once a frame, however
 * often the run reports: `data()` is read when the frame comes, so a burst of snapshots costs
 * one draw.
 */
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export function UPlotChart({
  options,
  data,
  version,
  label,
}: {
  /** Everything but width and height; a new object makes a new chart. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: () => uPlot.AlignedData;
  /** Changes when the data has: schedules one redraw. */
  version: unknown;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const read = useRef(data);
  read.current = data;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const size = () => ({ width: Math.max(160, el.clientWidth), height: Math.max(100, el.clientHeight - 4) });
    const p = new uPlot({ ...options, ...size() }, read.current(), el);
    plot.current = p;
    const observer = new ResizeObserver(() => p.setSize(size()));
    observer.observe(el);
    return () => {
      observer.disconnect();
      p.destroy();
      plot.current = null;
    };
  }, [options]);

  useEffect(() => {
    void version;
    const frame = requestAnimationFrame(() => plot.current?.setData(read.current()));
    return () => cancelAnimationFrame(frame);
  }, [version]);

  return <div className="train-chart" ref={box} role="img" aria-label={label} />;
}
