/**
 * A training run presented: the run's loss per step as a large live chart beside the drawing,
 * and a caption in words a class reads (what the run is doing, its epoch and loss). Space plays
 * and pauses the run.
 */
import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { printNumber } from '../../learn/explain/notation';
import { phaseText } from '../panel/phaseText';
import { tickLabels } from '../panel/ticks';
import { UPlotChart } from '../panel/UPlotChart';
import { useSession, useTrainSession } from '../session/TrainSessionContext';

const POINTS = 1200;
const AXIS = { stroke: '#0f172a', grid: { stroke: '#e2e8f0' }, font: '20px system-ui', labelFont: '22px system-ui' };

export function PresentTraining() {
  const session = useTrainSession();
  const text = useSession(phaseText);
  const epoch = useSession((s) => s.epoch);
  const loss = useSession((s) => s.loss);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false }, y: { distr: 3 } },
      axes: [
        // ticks far enough apart that "1,500" and "2,000" in 20 px type do not run into each other
        { ...AXIS, size: 44, label: 'step', space: 110 },
        { ...AXIS, size: 96, space: 50, values: tickLabels },
      ],
      series: [{ label: 'step' }, { label: 'loss', stroke: '#0e7490', width: 3 }],
    }),
    [],
  );
  const data = (): uPlot.AlignedData => {
    const [x, y] = session.losses.thinned(POINTS);
    return [x, Float64Array.from(y, (v) => (v > 0 ? v : Number.NaN))];
  };
  const subscribe = useCallback(
    (changed: () => void) => session.store.subscribe((now, before) => now.points !== before.points && changed()),
    [session],
  );
  return (
    <section className="present-run" aria-label="The run presented">
      <h2 className="present-chart-title">Loss per step</h2>
      <div className="present-chart">
        <UPlotChart options={options} data={data} subscribe={subscribe} label="Loss per step, presented" />
      </div>
      <p className="present-caption" aria-live="polite">
        {text}
        {loss !== null ? ` Epoch ${epoch + 1}, loss ${printNumber(loss)}.` : ''}
        {' Space plays or pauses.'}
      </p>
    </section>
  );
}
