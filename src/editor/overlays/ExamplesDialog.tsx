/**
 * The example documents, each with its one-line description and the dataset it trains on;
 * choosing one opens it (asking first when unsaved work would be lost).
 */
import './examples.css';
import { catalog } from '../../data/catalog';
import { type Example, examples } from '../../io/examples';
import { openExample } from '../commands/openExample';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useOverlay } from '../store/hooks';

function datasetName(example: Example): string | null {
  const id = (example.json as { dataset?: { id?: unknown } }).dataset?.id;
  return typeof id === 'string' ? (catalog.get(id)?.name ?? id) : null;
}

export function ExamplesDialog() {
  const overlay = useOverlay();
  const store = useEditorStoreApi();
  if (overlay !== 'examples') return null;
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal examples" role="dialog" aria-modal="true" aria-labelledby="examples-title">
        <h2 id="examples-title">Examples</h2>
        <p className="muted examples-intro">Each opens a whole learner: data, model, loss and optimiser.</p>
        <ul className="example-list">
          {examples.map((e, i) => {
            const data = datasetName(e);
            return (
              <li key={e.id}>
                <button
                  type="button"
                  className="example-entry"
                  aria-labelledby={`example-${e.id}`}
                  aria-describedby={`example-${e.id}-text`}
                  // biome-ignore lint/a11y/noAutofocus: the first choice takes the focus in a modal list
                  autoFocus={i === 0}
                  onClick={() => openExample(store, e.id)}
                >
                  <span className="example-name" id={`example-${e.id}`}>
                    {e.name}
                  </span>
                  <span className="example-text" id={`example-${e.id}-text`}>
                    {e.description}
                    {data && <span className="example-data"> Data: {data}.</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <div className="modal-actions">
          <button type="button" onClick={() => store.getState().setOverlay(null)}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
