/**
 * What a Lensboard export carries for its import back (docs/export.md, "Import back"): the
 * model's name, from the graph's doc string (the first line; Lensboard writes the diagram's name
 * there), else the file's; and the document's dataset binding (metadata `lensboard.dataset`),
 * kept when it names a catalog dataset whose options check out and whose shapes are the model's.
 * The file is untrusted: anything else is ignored, and the shapes bind a dataset instead.
 */
import { catalog, entryShapes } from '../../../data/catalog';
import type { Task } from '../../../data/dataset';
import type { DatasetBinding } from '../../../io/document';
import { DATASET_METADATA, type OnnxModel } from '../model';

/** Longer metadata is not a binding Lensboard wrote. */
const MAX_BINDING_CHARS = 10_000;

export function importedName(m: OnnxModel, fileName: string): string {
  const doc = (m.graph.docString ?? '').split(/\r?\n/)[0].trim();
  return (doc || fileName || m.graph.name || 'imported').slice(0, 200);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function carriedBinding(
  m: OnnxModel,
  features: readonly number[],
  labels: readonly number[],
): { binding: DatasetBinding; task: Task } | undefined {
  const text = m.metadata?.find((e) => e.key === DATASET_METADATA)?.value;
  if (text === undefined || text.length > MAX_BINDING_CHARS) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (!isRecord(json) || typeof json.id !== 'string') return undefined;
    const options = isRecord(json.options) ? json.options : {};
    const entry = catalog.get(json.id);
    if (!entry || entry.task === 'boolean') return undefined;
    const s = entryShapes(entry, options);
    if (s.featureShape.join() !== features.join() || s.labelShape.join() !== labels.join()) return undefined;
    return { binding: { id: json.id, options }, task: entry.task };
  } catch {
    // not JSON, or options the catalog refuses: bound by the shapes instead
    return undefined;
  }
}
