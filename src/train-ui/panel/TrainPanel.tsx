/**
 * The Training panel under the canvas: controls and status, the run's numbers, its settings,
 * and charts. It reads and steers the page's training session (../session), which runs in a
 * worker; views of what was learnt plug in beside the charts.
 */
import './train.css';
import { lazy, Suspense, useRef, useState } from 'react';
import { AfterFirstPaint } from '../../editor/AfterFirstPaint';
import { sequenceShape } from '../../model/sample';
import { useSessionSerial } from '../session/TrainSessionContext';
import { useLearnt } from '../views/useLearnt';
import { WeightWires } from '../views/WeightWires';
import { TrainCharts } from './TrainCharts';
import { TrainControls } from './TrainControls';
import { TrainNumbers } from './TrainNumbers';
import { TrainSettings } from './TrainSettings';
import { useSettingsFold } from './useSettingsFold';

const VIEWS = ['Charts', 'What it learnt', 'Dream', 'Runs', 'Generate text'] as const;

// The tabs after Charts load when first chosen: the page opens on Charts (docs/architecture.md,
// "The first screen").
const RunsView = lazy(() => import('../runs/RunsView').then((m) => ({ default: m.RunsView })));
const DreamView = lazy(() => import('../views/DreamView').then((m) => ({ default: m.DreamView })));
const GenerateView = lazy(() => import('../views/GenerateView').then((m) => ({ default: m.GenerateView })));
const LearntView = lazy(() => import('../views/LearntView').then((m) => ({ default: m.LearntView })));

export function TrainPanel() {
  const [view, setView] = useState<(typeof VIEWS)[number]>('Charts');
  const section = useRef<HTMLElement>(null);
  const [settingsOpen, setSettingsOpen] = useSettingsFold(section);
  // One reader of the run's weights for every view of them: the parameter wires and the tab.
  const learnt = useLearnt(true);
  // another document's session shown: what was generated from the last one goes with it
  const serial = useSessionSerial();
  // "Generate text" is offered once a run of a model of a sequence of characters can be read.
  const writes = learnt.model !== null && typeof sequenceShape(learnt.model) !== 'string';
  const views = VIEWS.filter((v) => v !== 'Generate text' || writes);
  const shown = views.includes(view) ? view : 'Charts';
  return (
    <section
      ref={section}
      className={settingsOpen ? 'train-panel' : 'train-panel settings-folded'}
      aria-label="Training"
    >
      <WeightWires model={learnt.model} />
      <div className="train-left">
        <h2>Training</h2>
        <TrainControls />
        <TrainNumbers />
      </div>
      {/* the settings and the views come after the canvas's first paint: the panel keeps its size */}
      <details
        className="train-settings-box"
        open={settingsOpen}
        onToggle={(e) => setSettingsOpen(e.currentTarget.open)}
      >
        <summary>Settings</summary>
        <AfterFirstPaint>
          <TrainSettings />
        </AfterFirstPaint>
      </details>
      <div className="train-views">
        <div role="tablist" aria-label="Views of the run" className="train-tabs">
          {views.map((v) => (
            <button key={v} type="button" role="tab" aria-selected={shown === v} onClick={() => setView(v)}>
              {v}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-label={shown} className="train-view">
          <Suspense fallback={<p className="muted">Loading {shown}…</p>}>
            {shown === 'Charts' ? (
              <AfterFirstPaint>
                <TrainCharts />
              </AfterFirstPaint>
            ) : shown === 'Generate text' ? (
              <GenerateView key={serial} learnt={learnt} />
            ) : shown === 'Dream' ? (
              <DreamView learnt={learnt} />
            ) : shown === 'Runs' ? (
              <RunsView />
            ) : (
              <LearntView learnt={learnt} />
            )}
          </Suspense>
        </div>
      </div>
    </section>
  );
}
