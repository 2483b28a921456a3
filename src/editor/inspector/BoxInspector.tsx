/**
 * The selected box: label, sizes, R[f] written out, errors, then config with validation and the
 * types of its ports. What a lesson points at comes first — the box's sizes and its reverse
 * derivative — so that they are in view in a short inspector (1280×720) without scrolling.
 */
import { useMemo } from 'react';
import type { BoxDoc } from '../../io/document';
import { descriptionIn } from '../../learn/explain/plainDescriptions';
import { describeGenerator, withDefaults } from '../model/boxInfo';
import { useNotation } from '../notation/useNotation';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useBoxErrors } from '../store/hooks';
import { BoxSizes } from './BoxSizes';
import { ConfigFieldInput } from './ConfigFieldInput';
import { ErrorList } from './ErrorList';
import { LearntWiresChoice } from './LearntWiresChoice';
import { PortTypesList } from './PortTypesList';
import { ReverseDerivativeText } from './ReverseDerivativeText';

export function BoxInspector({ box }: { box: BoxDoc }) {
  const store = useEditorStoreApi();
  const notation = useNotation();
  const d = useMemo(() => describeGenerator(box.generator, box.config), [box.generator, box.config]);
  const config = withDefaults(d.configFields, box.config);
  const errors = useBoxErrors(box.id);
  return (
    <section className="inspector-section box-inspector" aria-label={`Box ${box.id}`}>
      <h3 className="inspector-title" title={box.label ?? d.label}>
        {box.label ?? d.label} <span className="muted">({box.generator})</span>
      </h3>
      <BoxSizes box={box.id} inputs={d.inputs} outputs={d.outputs} />
      <h4>Reverse derivative</h4>
      <ReverseDerivativeText box={box} />
      {errors.length > 0 && <h4 className="error-heading">Errors</h4>}
      <ErrorList errors={errors} />
      <p className="muted">{descriptionIn(notation, box.generator, d.description)}</p>
      <label className="config-field">
        label
        <input
          type="text"
          maxLength={200}
          defaultValue={box.label ?? ''}
          key={box.id}
          onBlur={(e) => store.getState().setLabel(box.id, e.target.value)}
        />
      </label>
      {d.configFields.map((f) => (
        <ConfigFieldInput key={`${box.id}:${f.key}`} box={box.id} field={f} value={config[f.key]} />
      ))}
      {(box.generator === 'input' || box.generator === 'parameter') && <LearntWiresChoice box={box} />}
      <h4>Types</h4>
      <PortTypesList box={box.id} title="input types" ports={d.inputs} />
      <PortTypesList box={box.id} title="output types" ports={d.outputs} />
    </section>
  );
}
