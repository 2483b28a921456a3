/**
 * An imported file's last Softmax or LogSoftmax is the loss's and is not drawn (docs/export.md,
 * "Import back"): the diagram predicts the logits, and the file's outputs are those logits
 * normalised. This applies the file's last op to Lensboard's predictions, so that tests compare
 * them with what the file predicts.
 */
import { decodeOnnx } from '../export/onnx/decode';
import { CLASS_OPS } from '../export/onnx/import/learnerChoice';

export function asFileOutputs(bytes: Uint8Array, logits: Float64Array, batch: number): Float64Array {
  const decoded = decodeOnnx(bytes);
  if (!decoded.ok) return logits;
  const { graph } = decoded.model;
  const last = graph.nodes.find((n) => n.outputs.includes(graph.outputs[0]?.name ?? ''));
  if (!last || !CLASS_OPS.has(last.opType)) return logits;
  const k = logits.length / batch;
  const out = new Float64Array(logits.length);
  for (let r = 0; r < batch; r++) {
    const row = logits.subarray(r * k, (r + 1) * k);
    const max = Math.max(...row);
    const lse = max + Math.log(row.reduce((a, v) => a + Math.exp(v - max), 0));
    for (let i = 0; i < k; i++) out[r * k + i] = last.opType === 'Softmax' ? Math.exp(row[i] - lse) : row[i] - lse;
  }
  return out;
}
