/**
 * The export targets, listed once: the CLI's `--to` choices and the app's Export menu read this
 * list. A target turns the one export graph (graph.ts) into files through its op table
 * (opTable.ts); adding a target is a folder beside this file and one line below.
 */
import type { ExportGraph } from './graph';
import { onnxTarget } from './onnx/write';
import { pytorchTarget } from './pytorch/index';
import type { ExportTargetInfo } from './targetInfo';
import { tfjsTarget } from './tfjs/write';

/** A file of an export, by its path inside the package (`model.py`, `weights.safetensors`). */
export interface ExportFile {
  readonly path: string;
  readonly data: string | Uint8Array;
}

/** A target's id, label and summary (targetInfo.ts, what the app's menu lists) and its writer. */
export interface ExportTarget extends ExportTargetInfo {
  /** The package's files; throws UnsupportedOpError naming every generator it cannot express. */
  write(graph: ExportGraph): ExportFile[];
}

export const EXPORT_TARGETS: readonly ExportTarget[] = [pytorchTarget, onnxTarget, tfjsTarget];

export function exportTarget(id: string): ExportTarget {
  const target = EXPORT_TARGETS.find((t) => t.id === id);
  if (!target) throw new Error(`no export target '${id}'; known: ${EXPORT_TARGETS.map((t) => t.id).join(', ')}`);
  return target;
}
