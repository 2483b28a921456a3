/**
 * Which of a traced step's arrays may cross to the page as transferables (moved, not copied):
 * every buffer but the step Program's outputs. Those are the new parameters, optimiser state,
 * loss and predictions the runner goes on with (on tfjs cpu a tensor made from an array keeps
 * that very array), so moving them would empty the run; they are copied. Each array is listed
 * once, and none that shares its memory with a kept output.
 */
import type { StepTrace } from './runners/types';

export function traceTransfer(trace: StepTrace, keep: readonly number[]): ArrayBuffer[] {
  const kept = new Set<ArrayBufferLike>();
  for (const b of keep) {
    const t = trace.buffers[b];
    if (t) kept.add(t.data.buffer);
  }
  const moved = new Set<ArrayBuffer>();
  for (const t of trace.buffers) {
    const buffer = t?.data.buffer;
    if (buffer instanceof ArrayBuffer && !kept.has(buffer) && buffer.byteLength > 0) moved.add(buffer);
  }
  return [...moved];
}
