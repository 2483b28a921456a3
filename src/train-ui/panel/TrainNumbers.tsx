/** The run's numbers, large: epoch, step, loss, accuracy, steps per second, and what runs. */
import { type ReactNode, useId, useRef } from 'react';
import { useSession } from '../session/TrainSessionContext';
import { epochFigure } from './epochFigure';
import { lossWords, testFigure } from './figureWords';
import { engineText } from './phaseText';
import { useFitWidth } from './useFitWidth';

/** Four significant digits, in a width that fits the panel: 0.3172, 4.24e-5, 1.2e+30. */
export function fmt(v: number | null): string {
  if (v === null) return '–';
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(2) : v.toPrecision(4);
}

/**
 * One figure: its term above, its value large and labelled by the term (for readers and tests),
 * and what it measures (`of`: "batch", "train set") beside the term, describing the value.
 */
function Figure({ term, value, extra, of }: { term: string; value: ReactNode; extra?: ReactNode; of?: string | null }) {
  const id = useId();
  const ofId = useId();
  const shown = useRef<HTMLOutputElement>(null);
  useFitWidth(shown, String(value));
  return (
    <div>
      <dt>
        <span id={id}>{term}</span>
        {of && (
          <span className="train-figure-of" id={ofId}>
            {' '}
            · {of}
          </span>
        )}
      </dt>
      <dd>
        <output
          ref={shown}
          className="train-value"
          aria-labelledby={id}
          aria-describedby={of ? ofId : undefined}
          aria-live="off"
        >
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
  const test = testFigure(s);
  const of = lossWords(s);
  // The test figure of the weights the run stands at (a run ended at its last epoch's end, an
  // opened model not yet stepped) needs no "after epoch N": in a 1280 px column the line it
  // takes pushed MNIST's column past its fold. Paused or stepped on, it says which it is.
  const lastTest = s.epochs.at(-1)?.test ?? null;
  const testIsNow =
    (s.phase === 'done' && lastTest !== null) ||
    (lastTest === null && s.measured?.test != null && s.step === s.measured.step);
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
        <Figure term="Loss" value={fmt(s.loss)} of={of} />
        {/* Loss's words say what both measure: "Accuracy · train set" took two lines in a
            1280 px column, and a status line's room under the column with them */}
        <Figure term="Accuracy" value={percent(s.accuracy)} />
        {test && (
          <Figure
            term="Test loss"
            value={fmt(test.metrics.loss)}
            extra={
              <>
                {test.metrics.accuracy !== null && <span className="train-of">{percent(test.metrics.accuracy)}</span>}{' '}
                {!testIsNow && <span className="train-of train-when">{test.when}</span>}
              </>
            }
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
