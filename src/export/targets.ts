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
  /** Text, bytes, or bytes in pieces to be written one after another (a big model's weights). */
  readonly data: string | Uint8Array | readonly Uint8Array[];
}

/** A file's data in one piece (a zip entry, a test's bytes): pieces are joined, text kept. */
export function wholeData(data: ExportFile['data']): string | Uint8Array {
  if (typeof data === 'string' || data instanceof Uint8Array) return data;
  const out = new Uint8Array(data.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of data) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export interface ExportOptions {
  /** ONNX: weights of more bytes than this go to an external data file (onnx/write.ts). */
  readonly externalDataAbove?: number;
}

/** A target's id, label and summary (targetInfo.ts, what the app's menu lists) and its writer. */
export interface ExportTarget extends ExportTargetInfo {
  /** The package's files; throws UnsupportedOpError naming every generator it cannot express. */
  write(graph: ExportGraph, options?: ExportOptions): ExportFile[];
}

export const EXPORT_TARGETS: readonly ExportTarget[] = [pytorchTarget, onnxTarget, tfjsTarget];

export function exportTarget(id: string): ExportTarget {
  const target = EXPORT_TARGETS.find((t) => t.id === id);
  if (!target) throw new Error(`no export target '${id}'; known: ${EXPORT_TARGETS.map((t) => t.id).join(', ')}`);
  return target;
}
