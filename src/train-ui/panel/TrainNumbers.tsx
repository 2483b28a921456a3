/** The run's numbers, large: epoch, step, loss, accuracy, steps per second, and what runs. */
import { type ReactNode, useId } from 'react';
import { useSession } from '../session/TrainSessionContext';
import { epochFigure } from './epochFigure';
import { engineText } from './phaseText';

/** Four significant digits, in a width that fits the panel: 0.3172, 4.24e-5, 1.2e+30. */
export function fmt(v: number | null): string {
  if (v === null) return '–';
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(2) : v.toPrecision(4);
}

/** One figure: its term above, its value large and labelled by the term (for readers and tests). */
function Figure({ term, value, extra }: { term: string; value: ReactNode; extra?: ReactNode }) {
  const id = useId();
  return (
    <div>
      <dt id={id}>{term}</dt>
      <dd>
        <output className="train-value" aria-labelledby={id} aria-live="off">
          {value}
        </output>
        {/* the space between is where a narrow column puts what follows under the figure */}
        {extra ? <> {extra}</> : null}
      </dd>
    </div>
  );
}

export function TrainNumbers() {
  const runsOn = useId();
  const s = useSession((st) => st);
  const epoch = epochFigure(s);
  const last = s.epochs.at(-1);
  const test = last?.test ?? s.measured?.test ?? null;
  const engine = engineText(s);
  const percent = (a: number | null) => (a === null ? '–' : `${(100 * a).toFixed(1)}%`);
  return (
    <div className="train-numbers">
      <dl>
        <Figure
          term="Epoch"
          value={epoch}
          extra={s.lastEpoch > 0 && <span className="train-of">/ {s.lastEpoch}</span>}
        />
        <Figure term="Step" value={s.step} />
        <Figure term="Loss" value={fmt(s.loss)} />
        <Figure term="Accuracy" value={percent(s.accuracy)} />
        {test && (
          <Figure
            term="Test loss"
            value={fmt(test.loss)}
            extra={test.accuracy !== null && <span className="train-of">{percent(test.accuracy)}</span>}
          />
        )}
        <Figure
          term="Steps/s"
          value={s.stepsPerSecond === null ? '–' : Math.round(s.stepsPerSecond).toLocaleString('en')}
        />
      </dl>
      <p className="train-engine">
        <span id={runsOn}>Running on</span>{' '}
        <output aria-labelledby={runsOn} aria-live="off">
          {engine ?? '— (starts with the first run)'}
        </output>
      </p>
    </div>
  );
}
