/**
 * The dataset leaves with its preparation (docs/data-export.md): the raw rows as one CSV whose
 * `split` column says which rows the run trains on and which it holds out (cut with the run's
 * seed and test fraction, as the trainer and the views cut them), and beside it the JSON of the
 * dataset, the split and the preparation. The rows load on the click, not with the page; the
 * files are Blob downloads, and nothing else leaves the page.
 */
import { useState } from 'react';
import { type DataSplit, dataCsv, dataDescription, dataFileNames, trainerSplit } from '../../data/dataCsv';
import { recordedPreparation } from '../../data/preparation';
import { downloadText } from '../../editor/persist/download';
import { useEditor } from '../../editor/store/EditorStoreContext';
import type { DatasetBinding } from '../../io/document';
import { rowsOf, useRunSplit } from '../views/useViewRows';

type Loaded = { ok: true; split: DataSplit } | { ok: false; why: string };

async function load(binding: DatasetBinding, seed: number, testFraction: number): Promise<Loaded> {
  const ds = await rowsOf(binding).catch((e: unknown) => {
    throw new Error(`the rows could not be read: ${e instanceof Error ? e.message : String(e)}`);
  });
  if (!ds) return { ok: false, why: 'this page no longer holds the imported file: upload it again' };
  if (recordedPreparation(ds, binding) === undefined)
    return { ok: false, why: 'this import kept its rows standardised without their statistics: upload the file again' };
  return { ok: true, split: trainerSplit(ds, seed, testFraction) };
}

export function DataDownload() {
  const binding = useEditor((s) => s.doc.dataset);
  const { seed, testFraction } = useRunSplit();
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!binding) return null;
  const names = dataFileNames(binding.id);

  async function download(what: 'csv' | 'json') {
    if (!binding) return;
    setBusy(true);
    try {
      const loaded = await load(binding, seed, testFraction);
      if (!loaded.ok) return setSaid(`Cannot download the data: ${loaded.why}.`);
      const { split } = loaded;
      if (what === 'csv') downloadText(dataCsv(split), names.csv, 'text/csv');
      else downloadText(`${JSON.stringify(dataDescription(split, binding), null, 2)}\n`, names.json);
      const test = split.test?.n ?? 0;
      setSaid(
        `Saved ${what === 'csv' ? names.csv : names.json}: ${split.train.n + test} rows, ${split.train.n} train, ${test} test (seed ${seed}).`,
      );
    } catch (e) {
      setSaid(`Cannot download the data: ${e instanceof Error ? e.message : String(e)}.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="data-download">
      <button
        type="button"
        disabled={busy}
        title="The raw rows, before their preparation, with a column saying which train and which test"
        onClick={() => void download('csv')}
      >
        Download data (CSV)
      </button>
      <button
        type="button"
        disabled={busy}
        title="The dataset, the split and how raw rows become the model's input"
        onClick={() => void download('json')}
      >
        Download preparation (JSON)
      </button>
      {said && (
        <span className="muted" role="status" aria-label="Data download">
          {said}
        </span>
      )}
    </div>
  );
}
