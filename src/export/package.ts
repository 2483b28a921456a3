/**
 * A model file's text as one downloadable archive for a target: what the app's Export → <target>
 * action saves. The files sit in one folder named after the archive, so unpacking never spills
 * them beside the user's other files.
 */
import { blobSource } from '../io/modelArchive';
import type { ModelFile, NamedArray } from '../io/modelSchema';
import { parseModelArchive, parseModelText } from '../model/modelParse';
import { ExportError, exportGraph } from './graph';
import { exportTarget } from './targets';
import { zipStore } from './zip';

/** The same from a model archive's bytes (docs/model-format.md, *The archive*): never as text. */
export async function exportArchiveOf(
  archive: Blob,
  targetId: string,
  base: string,
  datasetRows?: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  const parsed = await parseModelArchive(blobSource(archive));
  if (!parsed.ok) throw new ExportError(parsed.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)));
  return packaged(parsed.model, parsed.weights, targetId, base, datasetRows);
}

function packaged(model: ModelFile, weights: NamedArray[], targetId: string, base: string, datasetRows?: number) {
  const target = exportTarget(targetId);
  const graph = exportGraph(model, weights);
  const files = target.write(datasetRows === undefined ? graph : { ...graph, datasetRows });
  const folder = `${base}-${target.id}`;
  return { name: `${folder}.zip`, bytes: zipStore(files, folder) };
}

/**
 * `base` is the file name without its ending (`XOR`); the archive is `XOR-pytorch.zip`.
 * `datasetRows`, when the caller has the rows, lets a README give the split's sizes.
 */
export function exportArchive(
  modelText: string,
  targetId: string,
  base: string,
  datasetRows?: number,
): { name: string; bytes: Uint8Array } {
  const parsed = parseModelText(modelText);
  if (!parsed.ok) throw new ExportError(parsed.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)));
  return packaged(parsed.model, parsed.weights, targetId, base, datasetRows);
}
