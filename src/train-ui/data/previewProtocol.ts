/**
 * The messages between the data panel and its preview worker, and the answer: load the bound
 * dataset (its options are checked on the way) and summarise it (previewData.ts). Plain code,
 * so Node tests it and the page reuses it where no Worker exists.
 */
import { type DatasetOptions, loadDataset } from '../../data/catalog';
import type { Dataset } from '../../data/dataset';
import { type DatasetPreview, previewOf } from './previewData';

export interface PreviewRequest {
  readonly seq: number;
  readonly id: string;
  readonly options: Readonly<Record<string, unknown>>;
}

export type PreviewResponse =
  | { readonly seq: number; readonly ok: true; readonly preview: DatasetPreview }
  | { readonly seq: number; readonly ok: false; readonly message: string };

type Load = (id: string, options?: DatasetOptions) => Promise<Dataset>;

/**
 * Answers requests, keeping the last dataset loaded: asking again for the same binding (an undo
 * and a redo, a second panel) costs nothing. `extra` adds plumbing options, such as where
 * MNIST's bytes come from.
 */
export function previewAnswerer(load: Load = loadDataset, extra: (id: string) => DatasetOptions = () => ({})) {
  let last: { key: string; dataset: Promise<Dataset> } | null = null;
  return async ({ seq, id, options }: PreviewRequest): Promise<PreviewResponse> => {
    const key = JSON.stringify([id, options]);
    try {
      if (last?.key !== key) last = { key, dataset: load(id, { ...(options as DatasetOptions), ...extra(id) }) };
      return { seq, ok: true, preview: previewOf(await last.dataset) };
    } catch (e) {
      last = null;
      return { seq, ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  };
}
