/**
 * The catalog for Node (CLI, tests): the same ids, with MNIST read from disk and the text from
 * its package instead of fetched.
 */
import { type DatasetOptions, loadDataset } from './catalog';
import type { Dataset } from './dataset';
import { loadMnistBufferNode } from './mnistNode';
import { loadTextNode } from './textNode';

export function loadDatasetNode(id: string, options: DatasetOptions = {}): Promise<Dataset> {
  // A document's own `mnistBytes` (JSON: never a function) is refused, not overridden.
  if ('mnistBytes' in options || 'textSource' in options) return loadDataset(id, options);
  if (id === 'text') return loadDataset(id, { ...options, textSource: loadTextNode });
  return loadDataset(id, { ...options, mnistBytes: () => loadMnistBufferNode() });
}
