/**
 * Deep dreaming (docs/dreaming.md): which wires the learner learns — the weights, the input, or
 * both — and, when the input is learnt, the picture it has become, with how strongly the model
 * believes it is the target class. Learning the input is the same learner as training: Play
 * with "the input" chosen starts it from the last run's weights, which stay fixed.
 */
import './dream.css';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useEditor, useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import type { TrainingSettings } from '../../io/document';
import { LEARNT_WIRES, type LearntWires, learnsInput } from '../../kinds/learntWires';
import { DEFAULT_DREAM, targetScore } from '../../learn/dream';
import { getLoss } from '../../learn/losses/index';
import type { SentWeights } from '../../learn/trainProtocol';
import { OptionField } from '../data/OptionField';
import { lossKind } from '../panel/trainSettings';
import { useSession } from '../session/TrainSessionContext';
import { dreamPixels, imageSize, percent } from './dream';
import { useDreamed } from './useDreamed';
import type { Learnt } from './useLearnt';

const SIDE = 280;

const LEARN_LABELS: Record<LearntWires, string> = {
  weights: 'the weights (train)',
  input: 'the input (dream)',
  both: 'both',
};

function DreamImage({ dreamed, caption }: { dreamed: SentWeights; caption: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = imageSize(dreamed.shape);
  useEffect(() => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g || !size) return;
    c.width = size.width;
    c.height = size.height;
    g.putImageData(new ImageData(dreamPixels(dreamed.data), size.width, size.height), 0, 0);
  }, [dreamed, size]);
  if (!size) {
    return (
      <p className="dream-numbers">The dreamed input: {Array.from(dreamed.data, (v) => v.toFixed(3)).join('  ')}</p>
    );
  }
  return (
    <canvas
      ref={canvas}
      className="dream-image"
      role="img"
      aria-label={`The dreamed input, ${size.width}×${size.height}: ${caption}`}
      style={{ width: SIDE, height: (SIDE * size.height) / size.width }}
    />
  );
}

export function DreamView({ learnt }: { learnt: Learnt }) {
  const store = useEditorStoreApi();
  const doc = useEditor((s) => s.doc);
  const phase = useSession((s) => s.phase);
  const t = doc.training;
  const learn = t?.learn ?? 'weights';
  const dream = { ...DEFAULT_DREAM, ...t?.dream };
  const dreamed = useDreamed(learnsInput(learn));
  // the picture floats over the canvas, where there is room to see it from the back of a class
  const [shown, setShown] = useState(true);
  const setTraining = (patch: Partial<TrainingSettings>) => store.getState().setTraining(patch);
  const setDream = (patch: Partial<typeof dream>) => setTraining({ dream: { ...dream, ...patch } });
  const classes = learnt.model?.outputShape[0] ?? 10;
  const logits = getLoss(lossKind(doc)).logits;
  const score =
    dreamed && learnt.model
      ? targetScore(learnt.model.predict(dreamed.data, { prepared: true })[0], dream.target, logits)
      : null;
  const caption =
    score === null
      ? `the model's belief that it is a ${dream.target} shows once the run reports`
      : `the model believes it is a ${dream.target}: ${percent(score)}`;
  return (
    <div className="dream">
      <div className="dream-settings">
        <fieldset className="dream-learn">
          <legend>Learn</legend>
          {LEARNT_WIRES.map((w) => (
            <label key={w}>
              <input type="radio" name="dream-learn" checked={learn === w} onChange={() => setTraining({ learn: w })} />
              {LEARN_LABELS[w]}
            </label>
          ))}
        </fieldset>
        <OptionField
          spec={{
            key: 'target',
            label: 'Target class',
            kind: 'choice',
            default: 0,
            choices: Array.from({ length: classes }, (_, k) => ({ value: k, label: String(k) })),
          }}
          value={dream.target}
          onCommit={(v) => setDream({ target: v as number })}
        />
        <OptionField
          spec={{
            key: 'start',
            label: 'Start from',
            kind: 'choice',
            default: 'zeros',
            choices: [
              { value: 'zeros', label: 'zeros' },
              { value: 'noise', label: 'noise' },
            ],
          }}
          value={dream.start}
          onCommit={(v) => setDream({ start: v as 'zeros' | 'noise' })}
        />
        <OptionField
          spec={{ key: 'steps', label: 'Dream steps', kind: 'int', min: 1, max: 100000, default: 300 }}
          value={dream.steps}
          onCommit={(v) => setDream({ steps: v as number })}
        />
        <p className="dream-help">
          {learn === 'weights'
            ? 'Training learns the weights. Choose “the input” and press Play: with the weights fixed, the same learner changes the picture.'
            : 'Press Play: the learner changes the input, starting from the last run’s weights (fixed), until the model believes it is the target.'}
        </p>
      </div>
      {dreamed && shown ? (
        createPortal(
          <section className="dream-stage" aria-label="The dream">
            <DreamImage dreamed={dreamed} caption={caption} />
            <p className="dream-caption">
              <strong className="dream-score" aria-live="polite">
                {score === null ? '…' : percent(score)}
              </strong>{' '}
              {score === null ? caption : `sure it is a ${dream.target}`}
              {phase === 'running' ? ' (learning…)' : ''}
            </p>
            <p className="dream-key">The model's input as it learns it: black is the ink the learner put there.</p>
            <button type="button" onClick={() => setShown(false)}>
              Hide the picture
            </button>
          </section>,
          document.body,
        )
      ) : dreamed ? (
        <button type="button" onClick={() => setShown(true)}>
          Show the picture
        </button>
      ) : (
        <p className="learnt-empty">
          {learnsInput(learn) ? 'Press Play to dream.' : 'The dreamed input shows here when the input is learnt.'}
        </p>
      )}
    </div>
  );
}
