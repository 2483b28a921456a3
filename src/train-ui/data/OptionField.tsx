/**
 * One dataset option. A number is typed and committed on Enter or leaving the field; a value
 * outside the option's range is refused in words, with the range, and the document keeps its
 * value. A choice is committed as it is made.
 */
import './optionField.css';
import { useEffect, useId, useRef, useState } from 'react';
import { type NumberSpec, type OptionSpec, optionProblem, rangeText } from '../../data/datasetOptions';

/** The range as the picker shows it; a seed's vast range reads better as "0 or more". */
const rangeHint = (spec: NumberSpec): string => (spec.max >= 1e9 ? `${spec.min} or more` : rangeText(spec));

export function OptionField({
  spec,
  value,
  onCommit,
}: {
  spec: OptionSpec;
  value: unknown;
  onCommit: (value: unknown) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  const errorText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    setText(String(value));
    setError(null);
  }, [value]);
  // The panel scrolls; a refusal below the field must not stay out of sight.
  useEffect(() => {
    if (error) errorText.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  const commit = (raw: unknown, shown: string) => {
    const problem = optionProblem(spec, raw);
    setError(problem && `${spec.label}: ${shown} ${problem}`);
    if (!problem && raw !== value) onCommit(raw);
  };
  const commitText = () => commit(text.trim() === '' ? Number.NaN : Number(text), text.trim() || '(empty)');
  // the help is the field's description, read with it even where a narrow column shows it only as a tooltip
  const described = spec.help ? `${id}-help` : undefined;
  return (
    <div className={spec.kind === 'choice' ? 'data-field data-choice' : 'data-field'} title={spec.help}>
      <label htmlFor={id}>
        {spec.label}
        {spec.kind !== 'choice' && <span className="data-range"> ({rangeHint(spec)})</span>}
      </label>
      {spec.kind === 'choice' ? (
        <select
          id={id}
          aria-describedby={described}
          value={String(value)}
          onChange={(e) => {
            const choice = spec.choices.find((c) => String(c.value) === e.target.value);
            if (choice) commit(choice.value, choice.label);
          }}
        >
          {spec.choices.map((c) => (
            <option key={String(c.value)} value={String(c.value)}>
              {c.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          aria-describedby={described}
          type="number"
          min={spec.min}
          max={spec.max}
          step={spec.step ?? 1}
          value={text}
          aria-invalid={error !== null}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => text !== String(value) && commitText()}
          onKeyDown={(e) => e.key === 'Enter' && commitText()}
        />
      )}
      {error && (
        <p className="data-error" role="alert" ref={errorText}>
          {error}
        </p>
      )}
      {spec.help && (
        <p className="data-help" id={`${id}-help`}>
          {spec.help}
        </p>
      )}
    </div>
  );
}
