/**
 * One config field. Numbers are typed as text and committed on Enter or blur; a value outside
 * the field's range is refused, in words, with the allowed range, and the box keeps its value.
 */
import { useEffect, useId, useState } from 'react';
import type { BoxConfigField } from '../../kinds/boxKinds';
import { rangeText } from '../model/configCheck';
import { useEditorStoreApi } from '../store/EditorStoreContext';

function parse(field: BoxConfigField, text: string): unknown {
  if (field.kind === 'int' || field.kind === 'number') return text.trim() === '' ? Number.NaN : Number(text);
  if (field.kind === 'shape')
    return text.trim() === ''
      ? []
      : text
          .split(/[,×x\s]+/)
          .filter(Boolean)
          .map(Number);
  return text;
}

const show = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v));

export function ConfigFieldInput({ box, field, value }: { box: string; field: BoxConfigField; value: unknown }) {
  const store = useEditorStoreApi();
  const id = useId();
  const [text, setText] = useState(show(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(show(value));
    setError(null);
  }, [value]);
  const commit = (raw: unknown) => {
    const v = store.getState().setConfig(box, field.key, raw);
    setError(v.ok ? null : v.reason);
  };
  const range = rangeText(field);
  return (
    <div className="config-field">
      <label htmlFor={id}>
        {field.label}
        {range && <span className="config-range"> ({range})</span>}
      </label>
      {field.kind === 'boolean' ? (
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => commit(e.target.checked)} />
      ) : field.kind === 'enum' || field.kind === 'field' || field.kind === 'init' ? (
        <select
          id={id}
          value={field.kind === 'init' ? show((value as { kind?: string } | undefined)?.kind) : show(value)}
          onChange={(e) =>
            commit(field.kind === 'init' ? { ...(value as object), kind: e.target.value } : e.target.value)
          }
        >
          {(field.kind === 'field' ? ['real', 'z2'] : (field.options ?? [])).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="text"
          inputMode={field.kind === 'shape' ? 'text' : 'decimal'}
          value={text}
          aria-invalid={error !== null}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => text !== show(value) && commit(parse(field, text))}
          onKeyDown={(e) => e.key === 'Enter' && commit(parse(field, text))}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {field.help && <p className="field-help">{field.help}</p>}
    </div>
  );
}
