/**
 * A uPlot chart that follows its container's width and redraws at most five times a second,
 * however often the run reports: `data()` is read when the redraw comes, so a burst of
 * snapshots costs one draw. A redraw is uPlot's own setData, asked for by `subscribe`'s
 * callback, with no React render (as uPlot's streaming demo draws). The chart's box is laid out
 * at once; the library loads and draws into it once the page is idle after its first paint, or
 * at the first data, whichever comes first (docs/architecture.md, "The first screen"): making a
 * chart's canvas waits on the GPU process, which is busy drawing the page's first frame. Once the
 * library has loaded, a chart is made at once (./chartMaking.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { loadUPlot, scheduleChart, uPlotLoaded } from './chartMaking';

const REDRAW_MS = 200;

export function UPlotChart({
  options,
  data,
  subscribe,
  label,
  empty = null,
}: {
  /** Everything but width and height; a new object makes a new chart. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: () => uPlot.AlignedData;
  /** Calls its argument whenever the data has changed (each call schedules one redraw); gives the unsubscribe. */
  subscribe: (changed: () => void) => () => void;
  label: string;
  /**
   * While there is nothing to draw: what the chart will show and how to start it, said in place
   * of the chart, whose axes would otherwise stand with ticks of no data (docs/training-panel.md);
   * '' when something else says it (the chart's place is then left blank).
   */
  empty?: string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const read = useRef(data);
  read.current = data;
  const subscribeRef = useRef(subscribe);
  subscribeRef.current = subscribe;
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let live = true;
    let p: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    const size = () => ({ width: Math.max(160, el.clientWidth), height: Math.max(100, el.clientHeight - 4) });
    const make = () =>
      loadUPlot().then(
        (UPlot) => {
          if (!live || p) return;
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
    const cancel = scheduleChart(make, uPlotLoaded());
    // Data before the page was idle: the chart is made now, and reads it as it is made.
    const off = subscribeRef.current(() => {
      if (!p) {
        cancel();
        void make();
      }
    });
    return () => {
      live = false;
      cancel();
      off();
      observer?.disconnect();
      p?.destroy();
      plot.current = null;
    };
  }, [options]);

  // At most REDRAW_MS apart: a redraw autoscales and repaints the whole chart.
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = () => {
      timer = undefined;
      last = performance.now();
      plot.current?.setData(read.current());
    };
    const off = subscribe(() => {
      if (timer === undefined) timer = setTimeout(draw, Math.max(0, last + REDRAW_MS - performance.now()));
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [subscribe]);

  // the chart is made all the same (hidden), so the first data draws at once
  const shown =
    empty === null
      ? { className: 'train-chart', role: 'img', 'aria-label': label }
      : { className: empty ? 'train-chart train-chart-none' : 'train-chart train-chart-none train-chart-blank' };
  return (
    <div ref={box} {...shown}>
      {empty && <p className="train-chart-empty">{empty}</p>}
      {failed && <p className="train-chart-failed">The chart could not be loaded: {failed}</p>}
    </div>
  );
}
