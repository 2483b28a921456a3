/** The selected box: label, config with validation, inferred types, R[f] written out, errors. */
import { useMemo } from 'react';
import type { BoxDoc } from '../../io/document';
import { describeGenerator, withDefaults } from '../model/boxInfo';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useBoxErrors } from '../store/hooks';
import { ConfigFieldInput } from './ConfigFieldInput';
import { ErrorList } from './ErrorList';
import { LearntWiresChoice } from './LearntWiresChoice';
import { PortTypesList } from './PortTypesList';
import { ReverseDerivativeText } from './ReverseDerivativeText';

export function BoxInspector({ box }: { box: BoxDoc }) {
  const store = useEditorStoreApi();
  const d = useMemo(() => describeGenerator(box.generator, box.config), [box.generator, box.config]);
  const config = withDefaults(d.configFields, box.config);
  const errors = useBoxErrors(box.id);
  return (
    <section className="inspector-section" aria-label={`Box ${box.id}`}>
      <h3 className="inspector-title" title={box.label ?? d.label}>
        {box.label ?? d.label} <span className="muted">({box.generator})</span>
      </h3>
      <p className="muted">{d.description}</p>
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
      <h4>Reverse derivative</h4>
      <ReverseDerivativeText box={box} />
      {errors.length > 0 && <h4 className="error-heading">Errors</h4>}
      <ErrorList errors={errors} />
    </section>
  );
}
