/**
 * Play/Pause, Step, Reset and "Train more": each asks the session, which shows the request at
 * once ("Pausing…") and the new state only when the worker acknowledges it.
 */
import { useState } from 'react';
import { useFlushRun } from '../runs/RunBookContext';
import { ENDED } from '../session/sessionState';
import { useSession, useTrainSession } from '../session/TrainSessionContext';
import { controlStates } from './controlStates';
import { phaseText } from './phaseText';

export function TrainControls() {
  const session = useTrainSession();
  // Reset forgets the run in the session, not in Runs: it is kept there first.
  const keepRun = useFlushRun(session);
  const phase = useSession((s) => s.phase);
  const text = useSession(phaseText);
  const [more, setMore] = useState(10);
  const controls = controlStates(phase);
  const ended = ENDED.has(phase);
  const alert = phase === 'failed' || phase === 'error';
  const edited = useSession((s) => s.edited);
  const lost = useSession((s) => s.lost);
  // Imported weights: Reset goes back to them; drawing new ones is asked for by name.
  const given = useSession((s) => s.resume?.given === true);
  return (
    <div className="train-controls">
      <div className="train-buttons">
        {controls.play.pause ? (
          <button
            type="button"
            className="train-play"
            onClick={() => session.pause()}
            disabled={!controls.play.enabled}
            title={controls.play.title}
          >
            <span aria-hidden="true">❚❚</span> Pause
          </button>
        ) : (
          <button
            type="button"
            className="train-play"
            onClick={() => session.play()}
            disabled={!controls.play.enabled}
            title={controls.play.title}
          >
            <span aria-hidden="true">▶</span> Play
          </button>
        )}
        <button
          type="button"
          onClick={() => session.step()}
          disabled={!controls.step.enabled}
          title={controls.step.title}
        >
          Step
        </button>
        <button
          type="button"
          onClick={() => void keepRun().finally(() => session.reset())}
          title={
            given
              ? 'Forget this run (it stays in Runs); the next starts from the imported weights'
              : controls.reset.title
          }
        >
          Reset
        </button>
        {given && (
          <button
            type="button"
            onClick={() => void keepRun().finally(() => session.newWeights())}
            title="Forget this run and the imported weights: the next run draws the diagram's initialisers"
          >
            New random weights
          </button>
        )}
      </div>
      {ended && (
        <form
          className="train-more"
          onSubmit={(e) => {
            e.preventDefault();
            session.more(more);
          }}
        >
          <button type="submit">Train more</button>
          <label>
            <input
              type="number"
              min={1}
              max={100000}
              value={more}
              onChange={(e) => setMore(Math.max(1, Math.min(100000, Math.round(Number(e.target.value) || 1))))}
              aria-label="More epochs"
            />{' '}
            epochs
          </label>
        </form>
      )}
      {lost && (
        <section className="train-edited" aria-label="Go on with another engine">
          <div className="train-buttons">
            <button type="button" onClick={() => session.continueOn('wasm')}>
              Continue on tfjs · wasm
            </button>
            <button type="button" onClick={() => session.continueOn('typed')}>
              Continue on typed arrays
            </button>
          </div>
        </section>
      )}
      {edited && (
        <section className="train-edited" aria-label="The diagram changed">
          <p>You changed the diagram while it trains, so training paused.</p>
          <div className="train-buttons">
            <button type="button" onClick={() => void session.continueEdited()}>
              Continue with the edit
            </button>
            <button type="button" onClick={() => session.ignoreEdit()}>
              Resume without it
            </button>
          </div>
          <p className="train-help">
            Continuing keeps the weights of every box whose parameters kept their shape; the others start afresh.
          </p>
        </section>
      )}
      {alert ? (
        <p className="train-status train-alert" role="alert">
          {text}
        </p>
      ) : (
        <p className="train-status" role="status" aria-label="Training status">
          {text}
        </p>
      )}
    </div>
  );
}
