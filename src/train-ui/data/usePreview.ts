/**
 * The preview of the bound dataset, kept up to date with the binding: a catalog dataset is
 * loaded in the preview worker, an imported CSV is read from the app's store. While a new
 * preview loads, the last one stays (marked as loading) so the panel does not jump.
 */
import { useEffect, useState } from 'react';
import { CSV_DATASET_ID, readCsvBinding } from '../../data/csvBinding';
import type { DatasetBinding } from '../../io/document';
import { findCsv, missingRows } from './csvStore';
import type { PreviewClient } from './previewClient';
import { type DatasetPreview, previewOf } from './previewData';

export interface PreviewState {
  readonly preview: DatasetPreview | null;
  readonly loading: boolean;
  readonly error: string | null;
}

async function load(binding: DatasetBinding, client: PreviewClient): Promise<DatasetPreview> {
  if (binding.id !== CSV_DATASET_ID) return client.preview(binding.id, binding.options);
  const csv = readCsvBinding(binding.options);
  const rows = await findCsv(csv.key);
  if (!rows) throw new Error(missingRows(csv.name));
  return previewOf({ ...rows, name: csv.name });
}

/** `refresh` asks again for the same binding (its rows were just uploaded again). */
export function usePreview(binding: DatasetBinding | undefined, client: PreviewClient, refresh = 0): PreviewState {
  const [state, setState] = useState<PreviewState>({ preview: null, loading: false, error: null });
  const key = JSON.stringify(binding ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the binding is followed by its JSON, not its identity
  useEffect(() => {
    if (!binding) {
      setState({ preview: null, loading: false, error: null });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load(binding, client).then(
      (preview) => live && setState({ preview, loading: false, error: null }),
      (e: unknown) =>
        live && setState({ preview: null, loading: false, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [key, client, refresh]);
  return state;
}
