/**
 * A uPlot chart that follows its container's width and redraws at most five times a second,
 * however often the run reports: `data()` is read when the redraw comes, so a burst of
 * snapshots costs one draw.
 */
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

const REDRAW_MS = 200;

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

  // At most REDRAW_MS apart: a redraw autoscales and repaints the whole chart.
  const last = useRef(0);
  useEffect(() => {
    void version;
    const wait = Math.max(0, last.current + REDRAW_MS - performance.now());
    const timer = setTimeout(() => {
      last.current = performance.now();
      plot.current?.setData(read.current());
    }, wait);
    return () => clearTimeout(timer);
  }, [version]);

  return <div className="train-chart" ref={box} role="img" aria-label={label} />;
}
