/**
 * The run as charts: every step's loss (log scale on request), and per epoch the whole training
 * and test sets' loss and accuracy. Side by side where the view holds two readable charts; in a
 * narrower view one at a time, the whole width, with a switch between them (docs/screen.md).
 */
import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useSession, useTrainSession } from '../session/TrainSessionContext';
import { epochColumns, epochParts } from './epochSeries';
import { chartsSideBySide } from './panelColumns';
import { tickLabels } from './ticks';
import { UPlotChart } from './UPlotChart';

/** Points drawn of each series: about a wide chart's width in pixels. */
const CHART_POINTS = 1200;

const AXIS = { stroke: '#334155', grid: { stroke: '#e2e8f0' }, font: '13px system-ui', labelFont: '13px system-ui' };

function lossOptions(log: boolean): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    legend: { show: false },
    cursor: { drag: { x: true, y: false } },
    scales: { x: { time: false }, y: log ? { distr: 3 } : { auto: true } },
    axes: [
      { ...AXIS, size: 28 },
      { ...AXIS, size: 56, values: tickLabels },
    ],
    series: [{ label: 'step' }, { label: 'loss per step', stroke: '#0e7490', width: 1.5 }],
  };
}

/**
 * An epoch's point, where uPlot draws the points (a few epochs across the chart's width): a filled
 * dot. Its own 5 px ring was all a run of one epoch drew, and the chart looked blank.
 */
const dots = (colour: string) => ({ size: 7, fill: colour });

/** `accuracy`: the run has one to draw; else no axis of 0 to 1 stands beside the loss. */
const epochOptions = (accuracy: boolean): Omit<uPlot.Options, 'width' | 'height'> => ({
  legend: { show: false },
  scales: { x: { time: false }, y: { auto: true }, acc: { range: [0, 1] } },
  axes: [
    { ...AXIS, size: 28, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
    { ...AXIS, size: 56 },
    { ...AXIS, scale: 'acc', side: 1, grid: { show: false }, size: 40, show: accuracy },
  ],
  series: [
    { label: 'epoch' },
    { label: 'train loss', stroke: '#0e7490', width: 2, points: dots('#0e7490') },
    { label: 'test loss', stroke: '#b91c1c', width: 2, dash: [6, 4], points: dots('#b91c1c') },
    { label: 'train accuracy', stroke: '#15803d', width: 2, scale: 'acc', points: dots('#15803d') },
    { label: 'test accuracy', stroke: '#a16207', width: 2, dash: [6, 4], scale: 'acc', points: dots('#a16207') },
  ],
});

/** What the charts will show, before the first step and how to start it. */
const START_WORDS =
  'Each step’s loss, and each epoch’s loss and accuracy on the whole sets, are drawn here once you press Play (or Step).';
/** What the per-epoch chart will show, while the first epoch is under way. */
const EPOCH_WORDS = 'Drawn as each epoch ends: the loss on the whole sets, and a classifier’s accuracy.';

type Shown = 'step' | 'epoch';

/** Whether the element's width holds the two charts side by side, measured before each paint. */
function useSideBySide(box: RefObject<HTMLElement | null>): boolean {
  const [two, setTwo] = useState(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const look = () => setTwo(chartsSideBySide(el.getBoundingClientRect().width));
    look();
    const watch = new ResizeObserver(look);
    watch.observe(el);
    return () => watch.disconnect();
  }, [box]);
  return two;
}

/** In a view too narrow for both charts: which one is drawn, in place of the charts' titles. */
function ChartSwitch({ shown, show }: { shown: Shown; show: (s: Shown) => void }) {
  return (
    <fieldset className="train-chart-switch" aria-label="Chart shown">
      <button type="button" aria-pressed={shown === 'step'} onClick={() => show('step')}>
        Loss per step
      </button>
      <button type="button" aria-pressed={shown === 'epoch'} onClick={() => show('epoch')}>
        Per epoch
      </button>
    </fieldset>
  );
}

/**
 * The charts read the session when they redraw and are told of new data by the store, so a
 * batch of snapshots (~10 a second) renders nothing through React: uPlot's setData draws it.
 */
export function TrainCharts() {
  const session = useTrainSession();
  const [log, setLog] = useState(true);
  const options = useMemo(() => lossOptions(log), [log]);
  const lossData = (): uPlot.AlignedData => {
    const [x, y] = session.losses.thinned(CHART_POINTS);
    if (!log) return [x, y];
    // A log scale has no place for 0 or a negative loss: those points are left out of the line.
    return [x, Float64Array.from(y, (v) => (v > 0 ? v : Number.NaN))];
  };
  const epochData = (): uPlot.AlignedData => epochColumns(session.state.epochs, CHART_POINTS) as uPlot.AlignedData;
  const onPoints = useCallback(
    (changed: () => void) => session.store.subscribe((now, before) => now.points !== before.points && changed()),
    [session],
  );
  // The step losses live beside the store; every change to them bumps `points`, which reruns this.
  const noSteps = useSession((s) => s.points >= 0 && session.losses.length === 0);
  const noEpochs = useSession((s) => s.epochs.length === 0);
  const hasTest = useSession((s) => epochParts(s.epochs).test);
  const hasAccuracy = useSession((s) => epochParts(s.epochs).accuracy);
  const epochChart = useMemo(() => epochOptions(hasAccuracy), [hasAccuracy]);
  const onEpochs = useCallback(
    (changed: () => void) => session.store.subscribe((now, before) => now.epochs !== before.epochs && changed()),
    [session],
  );
  const box = useRef<HTMLDivElement>(null);
  const two = useSideBySide(box);
  const [shown, setShown] = useState<Shown>('step');
  const title = (text: string) => (two ? <h3>{text}</h3> : <ChartSwitch shown={shown} show={setShown} />);
  return (
    <div ref={box} className={two ? 'train-charts' : 'train-charts train-charts-one'} data-shown={shown}>
      <div className="train-chart-head">
        {title('Loss per step')}
        <label>
          <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} /> log scale
        </label>
      </div>
      <UPlotChart
        options={options}
        data={lossData}
        subscribe={onPoints}
        label="Loss per step"
        empty={noSteps ? '' : null}
      />
      <div className="train-chart-head">
        {title('Per epoch')}
        {/* the lines drawn, once there are any */}
        {!noEpochs && (
          <p className="train-legend">
            <span className="k-train">— train loss</span> {hasTest && <span className="k-test">- - test loss</span>}{' '}
            {hasAccuracy && <span className="k-acc">— train accuracy</span>}{' '}
            {hasAccuracy && hasTest && <span className="k-tacc">- - test accuracy</span>}
          </p>
        )}
      </div>
      <UPlotChart
        options={epochChart}
        data={epochData}
        subscribe={onEpochs}
        label="Loss and accuracy per epoch"
        empty={noSteps ? '' : noEpochs ? EPOCH_WORDS : null}
      />
      {noSteps && <p className="train-chart-empty train-charts-empty">{START_WORDS}</p>}
    </div>
  );
}
