/**
 * The example gallery: the example documents in their groups, each with the caption of the
 * construction it shows and the dataset it trains on; choosing one opens it (asking first when
 * unsaved work would be lost).
 */
import './examples.css';
import { catalog } from '../../data/catalog';
import { EXAMPLE_GROUP_NOTES, EXAMPLE_GROUPS, type Example, examples } from '../../io/examples';
import { openExample } from '../commands/openExample';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useOverlay } from '../store/hooks';

function datasetName(example: Example): string | null {
  const id = (example.json as { dataset?: { id?: unknown } }).dataset?.id;
  return typeof id === 'string' ? (catalog.get(id)?.name ?? id) : null;
}

function ExampleEntry({ example, first }: { example: Example; first: boolean }) {
  const store = useEditorStoreApi();
  const data = datasetName(example);
  return (
    <li>
      <button
        type="button"
        className="example-entry"
        aria-labelledby={`example-${example.id}`}
        aria-describedby={`example-${example.id}-text`}
        // biome-ignore lint/a11y/noAutofocus: the first choice takes the focus in a modal list
        autoFocus={first}
        onClick={() => openExample(store, example.id)}
      >
        <span className="example-name" id={`example-${example.id}`}>
          {example.name}
        </span>
        <span className="example-text" id={`example-${example.id}-text`}>
          {example.description}
          {data && <span className="example-data"> Data: {data}.</span>}
        </span>
      </button>
    </li>
  );
}

export function ExamplesDialog() {
  const overlay = useOverlay();
  const store = useEditorStoreApi();
  if (overlay !== 'examples') return null;
  const groups = EXAMPLE_GROUPS.map((group, i) => ({
    group,
    headingId: `examples-group-${i}`,
    items: examples.filter((e) => e.group === group),
  })).filter((g) => g.items.length > 0);
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal examples" role="dialog" aria-modal="true" aria-labelledby="examples-title">
        <h2 id="examples-title">Examples</h2>
        <p className="muted examples-intro">
          Each opens a whole learner — data, model, loss and optimiser — ready to train: press Play.
        </p>
        <div className="example-groups">
          {groups.map(({ group, headingId, items }) => (
            <section key={group} className="example-group" aria-labelledby={headingId}>
              <h3 id={headingId}>{group}</h3>
              {EXAMPLE_GROUP_NOTES[group] && <p className="example-group-note">{EXAMPLE_GROUP_NOTES[group]}</p>}
              <ul className="example-list">
                {items.map((e) => (
                  <ExampleEntry key={e.id} example={e} first={e === examples[0]} />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="modal-actions">
          <button type="button" onClick={() => store.getState().setOverlay(null)}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
