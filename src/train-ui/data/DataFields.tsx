/**
 * The bound dataset's options and the test split, each change one undoable edit of the
 * document; and whether the diagram fits the data, from the live compile.
 */

import type { CompileError } from '../../compile/types';
import { catalog } from '../../data/catalog';
import { type NumberSpec, optionValue } from '../../data/datasetOptions';
import { useNotation } from '../../editor/notation/useNotation';
import { useEditor, useEditorStoreApi } from '../../editor/store/EditorStoreContext';
import { useCompiled } from '../../editor/store/hooks';
import type { DatasetBinding, LensDocument } from '../../io/document';
import { messageIn } from '../../learn/explain/plainWords';
import { OptionField } from './OptionField';

export function DatasetOptionFields({ binding }: { binding: DatasetBinding }) {
  const store = useEditorStoreApi();
  const entry = catalog.get(binding.id);
  if (!entry || entry.options.length === 0) return null;
  const shown = entry.options.filter(
    (s) => !s.when || optionValue(entry.options.find((o) => o.key === s.when?.key)!, binding.options) === s.when.value,
  );
  return (
    <fieldset className="data-options">
      <legend className="visually-hidden">Options of {entry.name}</legend>
      {shown.map((spec) => (
        <OptionField
          key={spec.key}
          spec={spec}
          value={optionValue(spec, binding.options)}
          onCommit={(v) =>
            store.getState().setDataset({ id: binding.id, options: { ...binding.options, [spec.key]: v } })
          }
        />
      ))}
    </fieldset>
  );
}

const SPLIT: NumberSpec = {
  key: 'testPercent',
  label: 'Test split, % of rows',
  kind: 'int',
  min: 0,
  max: 90,
  default: 0,
  help: 'Rows kept out of training, to test the model on data it never saw.',
};

export function TestSplitField() {
  const store = useEditorStoreApi();
  const fraction = useEditor((s) => s.doc.training?.testFraction ?? 0);
  return (
    <OptionField
      spec={SPLIT}
      value={Math.round(fraction * 100)}
      onCommit={(v) => store.getState().setTraining({ testFraction: (v as number) / 100 })}
    />
  );
}

const DATA_BOXES = new Set(['input', 'label']);

/** Is this error about the data: nothing bound, or a shape refused where a data wire arrives? */
function aboutData(doc: LensDocument, e: CompileError): boolean {
  if (e.code === 'no-input') return true;
  if (e.code !== 'shape-mismatch') return false;
  const generator = (id: string) => doc.boxes.find((b) => b.id === id)?.generator ?? '';
  return doc.wires.some(
    (w) =>
      (w.id === e.wire || (w.to.box === e.box && (!e.port || w.to.port === e.port))) &&
      DATA_BOXES.has(generator(w.from.box)),
  );
}

/** Problems of the diagram that concern its data: the shapes do not match, or nothing is bound. */
export function DataFit() {
  const compiled = useCompiled();
  const doc = useEditor((s) => s.doc);
  const problem = compiled?.errors.find((e) => aboutData(doc, e));
  const notation = useNotation();
  if (!compiled || !problem) return null;
  return (
    <p className="data-fit" role="status">
      <strong>The diagram does not fit this data yet:</strong> {messageIn(notation, problem.message)}
    </p>
  );
}
