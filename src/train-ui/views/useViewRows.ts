/**
 * The rows a view of the model draws: the bound dataset, loaded in the page (an imported CSV
 * from the page's own copy), cut into training and test rows exactly as the trainer cuts them
 * (the run's seed and test fraction), so that test points are the ones the model never saw.
 */
import { useEffect, useState } from 'react';
import { loadDataset } from '../../data/catalog';
import { CSV_DATASET_ID, readCsvBinding } from '../../data/csvBinding';
import { type Dataset, splitDataset } from '../../data/dataset';
import { useEditor } from '../../editor/store/EditorStoreContext';
import type { DatasetBinding } from '../../io/document';
import { findCsv } from '../data/csvStore';
import { useSession } from '../session/TrainSessionContext';

export interface ViewRows {
  readonly train: Dataset;
  readonly test: Dataset | null;
}

/** Large image sets are not drawn point by point; their confusion matrix reads a sample. */
const MAX_ROWS = 20_000;

/** The bound dataset's rows, loaded in the page (an imported CSV from the page's own copy). */
export async function rowsOf(binding: DatasetBinding): Promise<Dataset | undefined> {
  if (binding.id === CSV_DATASET_ID) return findCsv(readCsvBinding(binding.options).key);
  return loadDataset(binding.id, binding.options);
}

export function useViewRows(binding: DatasetBinding | undefined, seed: number, testFraction: number): ViewRows | null {
  const [rows, setRows] = useState<ViewRows | null>(null);
  useEffect(() => {
    setRows(null);
    if (!binding) return;
    let live = true;
    rowsOf(binding).then(
      (ds) => {
        if (!live || !ds || ds.n > MAX_ROWS * 4) return;
        if (testFraction <= 0) return setRows({ train: ds, test: null });
        const { train, test } = splitDataset(ds, 1 - testFraction, seed);
        setRows({ train, test: test.n > 0 ? test : null });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [binding, seed, testFraction]);
  return rows;
}

/** The seed and test fraction of the run under way (an opened model's seed is the file's), or of the next run. */
export function useRunSplit(): { readonly seed: number; readonly testFraction: number } {
  const training = useEditor((s) => s.doc.training);
  const resets = useSession((s) => s.resets);
  const runSeed = useSession((s) => s.seed);
  return { seed: runSeed ?? (training?.seed ?? 1) + resets, testFraction: training?.testFraction ?? 0 };
}

/** The rows of the run under way, cut with its seed, or of the next run. */
export function useRunRows(): ViewRows | null {
  const binding = useEditor((s) => s.doc.dataset);
  const { seed, testFraction } = useRunSplit();
  return useViewRows(binding, seed, testFraction);
}
