/**
 * When a chart is made (docs/training-panel.md, "Views"). The page's first charts wait until it
 * has painted and idled, as their library loads (docs/architecture.md, "The first screen"); once
 * the library is loaded, a chart made again — its options changed, or its tab shown again — is
 * made at once. The per-epoch chart is made again when the first epoch ends (it takes its accuracy
 * axis then): made after the page's next idle moment, it stood blank beside its legend at the end
 * of a run of two epochs, since no later epoch came to make it sooner.
 */
import type uPlot from 'uplot';
import { afterFirstPaint } from '../../editor/afterFirstPaint';

let loading: Promise<typeof uPlot> | null = null;
let loaded = false;

export function loadUPlot(): Promise<typeof uPlot> {
  loading ??= import('./uplotModule').then((m) => {
    loaded = true;
    return m.default;
  });
  // A failed load is tried again by the next chart made, not remembered.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Whether the charts' library has loaded: a chart has been made since the page opened. */
export const uPlotLoaded = (): boolean => loaded;

/**
 * Calls `make` at once when the library is `ready`, else `later` (after the first paint);
 * gives the cancel.
 */
export function scheduleChart(make: () => void, ready: boolean, later = afterFirstPaint): () => void {
  if (!ready) return later(make);
  make();
  return () => {};
}
