/**
 * The Training panel under the canvas: controls and status, the run's numbers, its settings,
 * and charts. It reads and steers the page's training session (../session), which runs in a
 * worker; views of what was learnt plug in beside the charts.
 */
import './train.css';
import { useState } from 'react';
import { RunsView } from '../runs/RunsView';
import { DreamView } from '../views/DreamView';
import { LearntView } from '../views/LearntView';
import { useLearnt } from '../views/useLearnt';
import { WeightWires } from '../views/WeightWires';
import { TrainCharts } from './TrainCharts';
import { TrainControls } from './TrainControls';
import { TrainNumbers } from './TrainNumbers';
import { TrainSettings } from './TrainSettings';

const VIEWS = ['Charts', 'What it learnt', 'Dream', 'Runs'] as const;

export function TrainPanel() {
  const [view, setView] = useState<(typeof VIEWS)[number]>('Charts');
  // One reader of the run's weights for every view of them: the parameter wires and the tab.
  const learnt = useLearnt(true);
  return (
    <section className="train-panel" aria-label="Training">
      <WeightWires model={learnt.model} />
      <div className="train-left">
        <h2>Training</h2>
        <TrainControls />
        <TrainNumbers />
      </div>
      <details className="train-settings-box" open>
        <summary>Settings</summary>
        <TrainSettings />
      </details>
      <div className="train-views">
        <div role="tablist" aria-label="Views of the run" className="train-tabs">
          {VIEWS.map((v) => (
            <button key={v} type="button" role="tab" aria-selected={view === v} onClick={() => setView(v)}>
              {v}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-label={view} className="train-view">
          {view === 'Charts' ? (
            <TrainCharts />
          ) : view === 'Dream' ? (
            <DreamView learnt={learnt} />
          ) : view === 'Runs' ? (
            <RunsView />
          ) : (
            <LearntView learnt={learnt} />
          )}
        </div>
      </div>
    </section>
  );
}
