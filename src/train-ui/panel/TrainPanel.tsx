/**
 * The Training panel under the canvas: controls and status, the run's numbers, its settings,
 * and charts. It reads and steers the page's training session (../session), which runs in a
 * worker; views of what was learnt plug in beside the charts.
 */
import './train.css';
import { TrainCharts } from './TrainCharts';
import { TrainControls } from './TrainControls';
import { TrainNumbers } from './TrainNumbers';
import { TrainSettings } from './TrainSettings';

export function TrainPanel() {
  return (
    <section className="train-panel" aria-label="Training">
      <div className="train-left">
        <h2>Training</h2>
        <TrainControls />
        <TrainNumbers />
      </div>
      <details className="train-settings-box" open>
        <summary>Settings</summary>
        <TrainSettings />
      </details>
      <TrainCharts />
    </section>
  );
}
