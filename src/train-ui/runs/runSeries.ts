/**
 * The overlay chart's columns: one x of epochs (every epoch any chosen run drew), then for each
 * run its train loss and its train accuracy, null where that run has no point. Each run is thinned
 * as the session's own chart is (panel/epochSeries.ts), so a long run does not swamp the chart.
 */
import type { EpochMetrics } from '../../learn/trainerTypes';
import { epochColumns } from '../panel/epochSeries';

/** One colour per run overlaid, in the order they were ticked; colour-blind-safe (Okabe–Ito and kin). */
export const RUN_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#332288', '#882255'];

export const runColour = (i: number): string => RUN_COLOURS[i % RUN_COLOURS.length];

export type OverlayColumns = [number[], ...(number | null)[][]];

export function overlayColumns(runs: readonly (readonly EpochMetrics[])[], points: number): OverlayColumns {
  const each = runs.map((epochs) => epochColumns(epochs, points));
  const xs = [...new Set(each.flatMap(([x]) => x))].sort((a, b) => a - b);
  const at = new Map(xs.map((x, i) => [x, i]));
  const cols: OverlayColumns = [xs];
  for (const [x, loss, , accuracy] of each) {
    const l: (number | null)[] = new Array(xs.length).fill(null);
    const a: (number | null)[] = new Array(xs.length).fill(null);
    x.forEach((e, i) => {
      const j = at.get(e) as number;
      l[j] = loss[i];
      a[j] = accuracy[i];
    });
    cols.push(l, a);
  }
  return cols;
}
