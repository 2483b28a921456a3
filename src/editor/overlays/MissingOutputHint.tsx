/**
 * A model needs an output box ŷ before it composes. Rather than leave the user to find the
 * compiler's error in the inspector, the canvas says it in words, with a button that adds the
 * output after the last box of the model and wires it (model/modelOutput.ts).
 */

import { placeModelOutput } from '../model/modelOutput';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function MissingOutputHint() {
  const missing = useEditor((s) => !s.scope && (s.compiled?.errors.some((e) => e.code === 'no-output') ?? false));
  const store = useEditorStoreApi();
  if (!missing) return null;
  const add = () => {
    const s = store.getState();
    const { position, from } = placeModelOutput(s.doc);
    const id = s.addBox('output', position);
    if (from) store.getState().connect(from, { box: id, port: 'ŷ' });
    store.getState().select([id]);
  };
  return (
    <section className="missing-output" aria-label="Missing model output">
      <p>
        <strong>No model output yet.</strong> Mark the prediction ŷ with a model output box after the last box of your
        model; the diagram composes once it has one.
      </p>
      <button type="button" onClick={add}>
        Add a model output
      </button>
    </section>
  );
}
