/**
 * A uPlot chart that follows its container's width and redraws at most five times a second,
 * however often the run reports: `data()` is read when the redraw comes, so a burst of
 * snapshots costs one draw. The library loads after the first paint (uplotModule.ts); the
 * chart's box is laid out at once and drawn into when it has.
 */
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

let uPlotLoad: Promise<typeof uPlot> | null = null;
const loadUPlot = () => {
  uPlotLoad ??= import('./uplotModule').then((m) => m.default);
  // A failed load is tried again by the next chart made, not remembered.
  uPlotLoad.catch(() => {
    uPlotLoad = null;
  });
  return uPlotLoad;
};

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
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let live = true;
    let p: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    const size = () => ({ width: Math.max(160, el.clientWidth), height: Math.max(100, el.clientHeight - 4) });
    loadUPlot().then(
      (UPlot) => {
        if (!live) return;
        const made = new UPlot({ ...options, ...size() }, read.current(), el);
        p = made;
        plot.current = made;
        observer = new ResizeObserver(() => made.setSize(size()));
        observer.observe(el);
        setFailed(null);
      },
      (e: unknown) => {
        if (live) setFailed(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
      observer?.disconnect();
      p?.destroy();
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

  return (
    <div className="train-chart" ref={box} role="img" aria-label={label}>
      {failed && <p className="train-chart-failed">The chart could not be loaded: {failed}</p>}
    </div>
  );
}
