/** The dataset picker: the catalog grouped by kind, and the imported file when one is bound. */
import { useId } from 'react';
import { catalog } from '../../data/catalog';
import { CSV_DATASET_ID } from '../../data/csvBinding';
import type { DatasetBinding } from '../../io/document';

const GROUPS: readonly [string, readonly string[]][] = [
  ['Points in the plane', ['xor', 'circles', 'gaussians', 'spirals', 'moons', 'plane', 'bump']],
  ['Tables', ['iris', 'iris-2class']],
  ['Boolean (ℤ₂)', ['iris-z2', 'parity', 'majority', 'multiplexer']],
  ['Images', ['mnist']],
];

/** Catalog ids no group lists still appear, under "More". */
const grouped = new Set(GROUPS.flatMap(([, ids]) => ids));
const more = [...catalog.keys()].filter((id) => !grouped.has(id));

export function DatasetSelect({
  binding,
  onChoose,
}: {
  binding: DatasetBinding | undefined;
  onChoose: (id: string) => void;
}) {
  const id = useId();
  const csvName = binding?.id === CSV_DATASET_ID ? String(binding.options.name ?? 'CSV file') : null;
  const groups = more.length ? [...GROUPS, ['More', more] as const] : GROUPS;
  return (
    <div className="data-field">
      <label htmlFor={id}>Dataset</label>
      <select id={id} value={binding?.id ?? ''} onChange={(e) => onChoose(e.target.value)}>
        {!binding && <option value="">Choose a dataset…</option>}
        {binding && !csvName && !catalog.has(binding.id) && <option value={binding.id}>{binding.id} (unknown)</option>}
        {groups.map(([label, ids]) => (
          <optgroup key={label} label={label}>
            {ids.map((d) => (
              <option key={d} value={d}>
                {catalog.get(d)?.name ?? d}
              </option>
            ))}
          </optgroup>
        ))}
        {csvName && (
          <optgroup label="Your file">
            <option value={CSV_DATASET_ID}>{csvName}</option>
          </optgroup>
        )}
      </select>
    </div>
  );
}
