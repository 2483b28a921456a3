/**
 * The catalog for Node (CLI, tests): the same ids, with MNIST read from disk instead of fetched.
 */
import { type DatasetOptions, loadDataset } from './catalog';
import type { Dataset } from './dataset';
import { loadMnistBufferNode } from './mnistNode';

export function loadDatasetNode(id: string, options: DatasetOptions = {}): Promise<Dataset> {
  // A document's own `mnistBytes` (JSON: never a function) is refused, not overridden.
  if ('mnistBytes' in options) return loadDataset(id, options);
  return loadDataset(id, { ...options, mnistBytes: () => loadMnistBufferNode() });
}
