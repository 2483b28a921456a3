/**
 * The dataset leaves with its preparation (docs/data-export.md): the raw rows as one CSV whose
 * `split` column says which rows the run trains on and which it holds out (cut with the run's
 * seed and test fraction, as the trainer and the views cut them), and beside it the JSON of the
 * dataset, the split and the preparation. Blob downloads; nothing leaves the page otherwise.
 */
import { type DataSplit, dataCsv, dataDescription, dataFileNames } from '../../data/dataCsv';
import { recordedPreparation } from '../../data/preparation';
import { downloadText } from '../../editor/persist/download';
import { useEditor } from '../../editor/store/EditorStoreContext';
import { useRunRows, useRunSplit } from '../views/useViewRows';

export function DataDownload() {
  const binding = useEditor((s) => s.doc.dataset);
  const rows = useRunRows();
  const { seed, testFraction } = useRunSplit();
  if (!binding) return null;
  const all = rows && (rows.test ? rows.train.n + rows.test.n : rows.train.n);
  // an import from before preparations kept standardised rows without their statistics
  const lost = rows !== null && recordedPreparation(rows.train, binding) === undefined;
  const split: DataSplit | null = rows && {
    train: rows.train,
    test: rows.test,
    seed,
    testFraction: rows.test ? testFraction : 0,
  };
  const names = dataFileNames(binding.id);
  const title = lost
    ? 'This import kept its rows standardised without their statistics: upload the file again to download it'
    : rows
      ? `${all} raw rows, before their preparation: ${rows.train.n} train, ${rows.test?.n ?? 0} test (seed ${seed})`
      : 'Reading the rows…';
  return (
    <div className="data-download">
      <button
        type="button"
        disabled={!rows || lost}
        title={title}
        onClick={() => split && downloadText(dataCsv(split), names.csv, 'text/csv')}
      >
        Download data (CSV)
      </button>
      <button
        type="button"
        disabled={!rows || lost}
        title="The dataset, the split and how raw rows become the model's input, as JSON"
        onClick={() =>
          split && downloadText(`${JSON.stringify(dataDescription(split, binding), null, 2)}\n`, names.json)
        }
      >
        Download preparation (JSON)
      </button>
      <span className="muted">
        {rows && !lost ? `${all} rows: ${rows.train.n} train, ${rows.test?.n ?? 0} test` : title}
      </span>
    </div>
  );
}
