/** The run's numbers, large: epoch, step, loss, accuracy, steps per second, and what runs. */
import { useSession } from '../session/TrainSessionContext';
import { engineText } from './phaseText';

/** Four significant digits, in a width that fits the panel: 0.3172, 4.24e-5, 1.2e+30. */
export function fmt(v: number | null): string {
  if (v === null) return '–';
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(2) : v.toPrecision(4);
}

export function TrainNumbers() {
  const s = useSession((st) => st);
  const epoch = s.ready || s.phase !== 'idle' ? Math.min(s.epoch + 1, s.lastEpoch) : s.epoch;
  const last = s.epochs.at(-1);
  const test = last?.test ?? null;
  const engine = engineText(s);
  return (
    <div className="train-numbers">
      <dl>
        <div>
          <dt>Epoch</dt>
          <dd>
            <output aria-label="Epoch">{epoch}</output>
            {s.lastEpoch > 0 && <span className="train-of"> / {s.lastEpoch}</span>}
          </dd>
        </div>
        <div>
          <dt>Step</dt>
          <dd>
            <output aria-label="Step">{s.step}</output>
          </dd>
        </div>
        <div>
          <dt>Loss</dt>
          <dd>
            <output aria-label="Loss">{fmt(s.loss)}</output>
          </dd>
        </div>
        <div>
          <dt>Accuracy</dt>
          <dd>
            <output aria-label="Accuracy">{s.accuracy === null ? '–' : `${(100 * s.accuracy).toFixed(1)}%`}</output>
          </dd>
        </div>
        {test && (
          <div>
            <dt>Test loss</dt>
            <dd>
              <output aria-label="Test loss">{fmt(test.loss)}</output>
              {test.accuracy !== null && <span className="train-of"> {(100 * test.accuracy).toFixed(1)}%</span>}
            </dd>
          </div>
        )}
        <div>
          <dt>Steps/s</dt>
          <dd>
            <output aria-label="Steps per second">
              {s.stepsPerSecond === null ? '–' : Math.round(s.stepsPerSecond).toLocaleString('en')}
            </output>
          </dd>
        </div>
      </dl>
      <p className="train-engine">
        Running on <output aria-label="Engine running">{engine ?? '— (starts with the first run)'}</output>
      </p>
    </div>
  );
}
