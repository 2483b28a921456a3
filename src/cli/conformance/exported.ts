/**
 * A case's model file as an export target writes it (docs/export.md), or the reason the target
 * refuses it: a generator its op table cannot express, or a model it cannot write. The refusal
 * is the exporter's own message, which the runtimes' tests pin case by case.
 */
import { ExportError, type ExportGraph, exportGraph } from '../../export/graph';
import { UnsupportedOpError } from '../../export/opTable';
import type { ExportFile, ExportTarget } from '../../export/targets';
import type { ModelFile, NamedArray } from '../../io/modelSchema';
import { parseModelText } from '../../model/modelParse';

export type Exported =
  | {
      readonly file: ModelFile;
      readonly weights: NamedArray[];
      readonly graph: ExportGraph;
      readonly files: ExportFile[];
    }
  | { readonly refused: string };

export function exportCase(modelText: string, target: ExportTarget): Exported {
  const parsed = parseModelText(modelText);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  try {
    const graph = exportGraph(parsed.model, parsed.weights);
    return { file: parsed.model, weights: parsed.weights, graph, files: target.write(graph) };
  } catch (e) {
    if (e instanceof UnsupportedOpError || e instanceof ExportError) return { refused: e.message };
    throw e;
  }
}
