/**
 * The chosen runs' curves on one chart, as TensorBoard overlays runs: per epoch, each run's
 * whole-training-set loss (solid, left axis) and accuracy (dashed, right axis) in the run's
 * colour, with a legend of the runs' names in words a reader (and a test) can read.
 */
import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart } from '../panel/UPlotChart';
import type { RunBook } from './runBook';
import type { RunRecord } from './runRecord';
import { overlayColumns, runColour } from './runSeries';

/** Points of each run drawn: a handful of runs share a chart about 500 px wide. */
const RUN_POINTS = 600;
const AXIS = { stroke: '#334155', grid: { stroke: '#e2e8f0' }, font: '12px system-ui', labelFont: '12px system-ui' };

function overlayOptions(runs: readonly RunRecord[]): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    legend: { show: false },
    scales: { x: { time: false }, y: { auto: true }, acc: { range: [0, 1] } },
    axes: [
      { ...AXIS, size: 26, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
      { ...AXIS, size: 48 },
      { ...AXIS, scale: 'acc', side: 1, grid: { show: false }, size: 36 },
    ],
    series: [
      { label: 'epoch' },
      ...runs.flatMap((r, i) => [
        { label: `${r.name}: train loss`, stroke: runColour(i), width: 2, spanGaps: true },
        {
          label: `${r.name}: train accuracy`,
          stroke: runColour(i),
          width: 1.5,
          dash: [5, 4],
          scale: 'acc',
          spanGaps: true,
        },
      ]),
    ],
  };
}

export function RunsOverlay({ book, runs }: { book: RunBook; runs: readonly RunRecord[] }) {
  // A new chart when the runs or their names change, not when a list re-renders.
  const key = runs.map((r) => `${r.id}\u0000${r.name}`).join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` says when `runs` changed
  const options = useMemo(() => overlayOptions(runs), [key]);
  const data = (): uPlot.AlignedData =>
    overlayColumns(
      runs.map((r) => book.get(r.id)?.epochs ?? r.epochs),
      RUN_POINTS,
    ) as uPlot.AlignedData;
  const onRuns = useCallback(
    (changed: () => void) => book.store.subscribe((now, before) => now.runs !== before.runs && changed()),
    [book],
  );
  if (runs.length === 0)
    return <p className="runs-empty">Tick Overlay beside runs to draw their loss and accuracy together.</p>;
  return (
    <div className="runs-overlay">
      <ul className="runs-legend" aria-label="Overlaid runs">
        {runs.map((r, i) => (
          <li key={r.id}>
            <span className="run-swatch" style={{ background: runColour(i) }} aria-hidden="true" />
            {r.name}
          </li>
        ))}
        <li className="runs-key">— train loss · - - train accuracy</li>
      </ul>
      <UPlotChart options={options} data={data} subscribe={onRuns} label="Overlaid runs: loss and accuracy per epoch" />
    </div>
  );
}
