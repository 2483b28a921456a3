/**
 * The small dialog that asks what each column of a CSV is: a feature (an input of the model),
 * the label (what it learns to predict, read as classes or as a number), or ignored; the data
 * export's own column of train/test can also be the split (docs/data-export.md). It shows
 * the first rows, and the import's refusal with its row and column.
 */
import { useId } from 'react';
import { CsvProblemText } from './CsvProblemText';
import { type ColumnRole, withRole } from './csvRoles';
import type { CsvStage } from './useCsvImport';

type Roles = Extract<CsvStage, { stage: 'roles' }>;

const ROLE_WORDS: [ColumnRole, string][] = [
  ['feature', 'Feature (input)'],
  ['label', 'Label (to predict)'],
  ['ignore', 'Ignore'],
  ['split', 'Train/test split'],
];

export function CsvDialog({
  state,
  onRoles,
  onConfirm,
  onCancel,
}: {
  state: Roles;
  onRoles: (roles: Roles['roles']) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const { peek, roles } = state;
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal csv-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>Columns of {state.file}</h2>
        <p>
          {peek.rows} rows. Choose what each column is: a <strong>feature</strong> the model reads, the{' '}
          <strong>label</strong> it learns to predict, or a column to <strong>ignore</strong>.
        </p>
        {roles.roles.includes('split') && (
          <p className="csv-split-note">
            The column <strong>{peek.header[roles.roles.indexOf('split')]}</strong> says which rows train and which
            test: its test rows stay the test rows.
          </p>
        )}
        <div className="csv-table-wrap">
          <table className="data-table csv-columns">
            <thead>
              <tr>
                {peek.header.map((name, i) => (
                  <th key={name} scope="col" data-role={roles.roles[i]}>
                    <span className="csv-column-name">{name}</span>
                    <select
                      aria-label={`Role of ${name}`}
                      value={roles.roles[i]}
                      onChange={(e) => onRoles(withRole(peek, roles, i, e.target.value as ColumnRole))}
                    >
                      {ROLE_WORDS.filter(([value]) => value !== 'split' || i === peek.split).map(([value, words]) => (
                        <option key={value} value={value}>
                          {words}
                        </option>
                      ))}
                    </select>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {peek.sample.map((cells, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the file's first rows, in order
                <tr key={r}>
                  {cells.map((c, i) => (
                    <td key={peek.header[i]} data-role={roles.roles[i]}>
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <fieldset className="csv-label-kind">
          <legend>Read the label as</legend>
          <label>
            <input
              type="radio"
              name="csv-label-kind"
              checked={roles.labelKind === 'classes'}
              onChange={() => onRoles({ ...roles, labelKind: 'classes' })}
            />
            classes (one output per class)
          </label>
          <label>
            <input
              type="radio"
              name="csv-label-kind"
              checked={roles.labelKind === 'numeric'}
              onChange={() => onRoles({ ...roles, labelKind: 'numeric' })}
            />
            a number (regression)
          </label>
        </fieldset>
        <label className="csv-standardise">
          <input
            type="checkbox"
            checked={roles.standardise}
            onChange={(e) => onRoles({ ...roles, standardise: e.target.checked })}
          />
          Standardise the features (each column to mean 0, spread 1)
        </label>
        {state.problem && <CsvProblemText problem={state.problem} />}
        <div className="modal-actions">
          <button type="button" className="primary" disabled={state.busy} onClick={onConfirm}>
            {state.busy ? 'Reading…' : 'Use this data'}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
