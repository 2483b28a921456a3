/**
 * The dataset an ONNX model trains on from the command line (docs/cli.md): the import binds
 * the file's own binding, a catalog dataset of its shapes, or a CSV of its shapes that only the
 * app can import; `--dataset` binds another catalog dataset of the same shapes.
 */
import { catalog, datasetIds, entryShapes } from '../data/catalog';
import { CSV_DATASET_ID } from '../data/csvBinding';
import type { OpenedFile } from '../model/openFile';
import { refused } from './command';

type OpenedModel = Extract<OpenedFile, { kind: 'model' }>;

const shown = (shape: readonly number[]) => `[${shape.join(', ')}]`;

/** The imported model bound to `id` (or as it came when no id is given), or a refusal naming what does not fit. */
export function onnxOnDataset(opened: OpenedModel, path: string, id: string | undefined): OpenedModel {
  const d = opened.model.trainingConfig.dataset;
  if (id === undefined) {
    if (d.id !== CSV_DATASET_ID) return opened;
    throw refused(
      `${path}: its data is a CSV of ${shown(d.featureShape)} features and ${shown(d.labelShape)} labels, which only the app imports; give --dataset <id> of the same shapes`,
    );
  }
  const entry = catalog.get(id);
  if (!entry) throw refused(`--dataset ${id}: no such dataset; known: ${datasetIds.join(', ')}`);
  const shapes = entryShapes(entry, {});
  if (shapes.featureShape.join() !== d.featureShape.join() || shapes.labelShape.join() !== d.labelShape.join()) {
    throw refused(
      `--dataset ${id}: its rows have ${shown(shapes.featureShape)} features and ${shown(shapes.labelShape)} labels; ${path} reads ${shown(d.featureShape)} and predicts ${shown(d.labelShape)}`,
    );
  }
  const binding = { id, options: {} };
  return {
    ...opened,
    model: {
      ...opened.model,
      diagram: { ...opened.model.diagram, dataset: binding },
      trainingConfig: { ...opened.model.trainingConfig, dataset: { ...d, ...binding, task: entry.task } },
    },
  };
}
