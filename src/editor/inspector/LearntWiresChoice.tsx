/**
 * The Para choice on the boxes it concerns (docs/dreaming.md): on the data input and on a
 * parameter box, which wires the learner learns — the weights, the input (a dream: the weights
 * stay fixed), or both. One document setting, the same one the Training panel's Dream view edits.
 */
import type { BoxDoc } from '../../io/document';
import { LEARNT_WIRES, type LearntWires } from '../../kinds/learntWires';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

const LABELS: Record<LearntWires, string> = {
  weights: 'the weights (train)',
  input: 'the input (dream)',
  both: 'both',
};

function sentence(box: BoxDoc, learn: LearntWires): string {
  const learnt = box.generator === 'input' ? learn !== 'weights' : learn !== 'input';
  const what = box.generator === 'input' ? 'This data wire' : 'This parameter';
  return learnt ? `${what} is learnt.` : `${what} is fixed: the learner feeds it, never changes it.`;
}

export function LearntWiresChoice({ box }: { box: BoxDoc }) {
  const store = useEditorStoreApi();
  const learn = useEditor((s) => s.doc.training?.learn ?? 'weights');
  return (
    <fieldset className="config-field">
      <legend>Learnt wires (Para)</legend>
      {LEARNT_WIRES.map((w) => (
        <label key={w}>
          <input
            type="radio"
            name={`learnt-wires-${box.id}`}
            checked={learn === w}
            onChange={() => store.getState().setTraining({ learn: w })}
          />
          {LABELS[w]}
        </label>
      ))}
      <p className="muted">{sentence(box, learn)}</p>
    </fieldset>
  );
}
